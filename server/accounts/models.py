"""The shop's user: signs in with an e-mail address and has one of the four user types of spec section 6.

Set as AUTH_USER_MODEL from the first migration, so later issues extend it instead of swapping it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.utils import timezone


class UserType(models.IntegerChoices):
    ADMIN = 1, "Admin"
    CERTIFIED_PRACTITIONER = 2, "Certified practitioner"
    PRACTITIONER = 3, "Practitioner"
    CLIENT = 4, "Client"


class UserManager(BaseUserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> User:
        # E-mail addresses match case-insensitively, at sign-in as everywhere else.
        return self.get(email__iexact=username)

    def create_user(self, email: str, password: str | None = None, **fields: Any) -> User:
        if not email:
            raise ValueError("An e-mail address is required")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields: Any) -> User:
        fields.update(is_staff=True, is_superuser=True, user_type_id=UserType.ADMIN)
        return self.create_user(email, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    # Stored lower-cased (see save), so the unique index makes addresses unique whatever their case.
    email = models.EmailField(max_length=254, unique=True)
    first_name = models.CharField(max_length=150, blank=True)
    last_name = models.CharField(max_length=150, blank=True)
    user_type_id = models.PositiveSmallIntegerField(choices=UserType.choices, default=UserType.CLIENT)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)

    objects: ClassVar[UserManager] = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    def __str__(self) -> str:
        return self.email

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)
