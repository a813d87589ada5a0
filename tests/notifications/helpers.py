from django.core import mail


def mails_to(user_or_email) -> list:
    address = getattr(user_or_email, "email", user_or_email)
    return [message for message in mail.outbox if message.to == [address]]


def html_of(message) -> str:
    ((html, mimetype),) = message.alternatives
    assert mimetype == "text/html"
    return html
