"""factory_boy factories for users, tables and their seats."""

from __future__ import annotations

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db.models import F

from games.models import ChatMessage, Game, Seat


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True  # the password hook saves; nothing else needs to

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.django.Password("correct horse battery staple")
    # As after signing up and following the link in the mail: a verified primary address.
    email_address = factory.RelatedFactory(
        "tests.factories.EmailAddressFactory", factory_related_name="user"
    )


class EmailAddressFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EmailAddress
        django_get_or_create = ("user",)

    user = factory.SubFactory(UserFactory)
    email = factory.LazyAttribute(lambda address: address.user.email)
    verified = True
    primary = True


class GameFactory(factory.django.DjangoModelFactory):
    """An open table; add seats with ``SeatFactory`` or use the services to fill it."""

    class Meta:
        model = Game

    game = "toy"
    players = 2
    options = factory.LazyFunction(dict)
    creator = factory.SubFactory(UserFactory)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    game = factory.SubFactory(GameFactory)
    number = factory.Sequence(lambda n: n)
    user = factory.SubFactory(UserFactory)

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        seat = super()._create(model_class, *args, **kwargs)
        # As taking a seat does (games.play.tables): the table counts it, for the lobby.
        Game.objects.filter(pk=seat.game_id).update(seats_taken=F("seats_taken") + 1)
        seat.game.seats_taken += 1
        return seat


class ChatMessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ChatMessage

    game = factory.SubFactory(GameFactory)
    user = factory.SubFactory(UserFactory)
    text = "Hello"
