"""The store's refusals; `server.config.api` turns each into its HTTP reply by its code."""

from __future__ import annotations

from server.core.errors import Conflict, DomainError, ErrorCode, InvalidInput, NotFound


class StoreNotFound(NotFound):
    message = "You have no store yet: create it with a type and a theme first."


class ShopNotFound(NotFound):
    message = "There is no store with this name."


class ShopNameTaken(Conflict):
    message = "This shop name is taken. Try another one."


class ShopNameInvalid(InvalidInput):
    message = (
        "A shop name has 3 to 40 characters: letters a-z, digits and single hyphens, "
        "starting and ending with a letter or digit."
    )


class ShopNameReserved(InvalidInput):
    message = "This shop name is reserved. Try another one."


class ShopNameRequired(InvalidInput):
    message = "Enter a shop name to check."


class TooMany(InvalidInput):
    message = "This store has reached its limit."


class ServiceNotFound(NotFound):
    message = "There is no such service in your store."


class PackageNotFound(NotFound):
    message = "There is no such package in your store."


class FeatureNotFound(NotFound):
    message = "There is no such feature in this package."


class InvalidOrder(InvalidInput):
    message = "The new order must list each of your items once."


class UnknownImageSection(NotFound):
    message = "Images belong to the header, about or approach section."


class NoImage(InvalidInput):
    message = "Send the image as a file (field `file`; for approach `file1` and/or `file2`)."


class UnreadableBody(DomainError):
    code = ErrorCode.MALFORMED_BODY
    message = "The request body could not be read."


class BodyTooLarge(DomainError):
    code = ErrorCode.TOO_LARGE
    message = "The request body is too large."
