"""allauth customisation in one place."""

import zoneinfo
from dataclasses import dataclass
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class SiteForMail:
    """What allauth's mail templates read from ``current_site``, taken from ``SITE_URL``."""

    name: str
    domain: str


class AccountAdapter(DefaultAccountAdapter):
    def get_email_confirmation_url(self, request, emailconfirmation):
        # Mails are often sent from a worker with no request: build links from SITE_URL.
        url = super().get_email_confirmation_url(request, emailconfirmation)
        if request is None and url.startswith("/"):
            return settings.SITE_URL + url
        return url

    def send_mail(self, template_prefix, email, context):
        # The sites framework would say "example.com"; our name and address are settings.
        site = SiteForMail(name=_("Silkroad"), domain=urlsplit(settings.SITE_URL).netloc)
        super().send_mail(template_prefix, email, {"current_site": site, **context})

    def save_user(self, request, user, form, commit=True):
        # The sign-up page fills a hidden field with the browser's time zone.
        zone = request.POST.get("timezone", "") if request is not None else ""
        if zone in zoneinfo.available_timezones():
            user.timezone = zone
        return super().save_user(request, user, form, commit=commit)
