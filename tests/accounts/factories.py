"""Users with a verified address, as allauth keeps them."""

import factory
from allauth.account.models import EmailAddress

from accounts.models import User

PASSWORD = "caravan-of-camels-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"trader{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def verified(user, create, extracted, **kwargs):
        if create and extracted is not False and user.email:
            EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
