"""allauth customisation in one place."""

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings


class AccountAdapter(DefaultAccountAdapter):
    def get_email_confirmation_url(self, request, emailconfirmation):
        # Mails are often sent from a worker with no request: build links from SITE_URL.
        url = super().get_email_confirmation_url(request, emailconfirmation)
        if request is None and url.startswith("/"):
            return settings.SITE_URL + url
        return url
