"""factory_boy factories for users, tables and their seats."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from games.models import ChatMessage, Game, Seat


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.django.Password("correct horse battery staple")


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


class ChatMessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ChatMessage

    game = factory.SubFactory(GameFactory)
    user = factory.SubFactory(UserFactory)
    text = "Hello"
