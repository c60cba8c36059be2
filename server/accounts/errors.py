from server.core.errors import DomainError, ErrorCode


class NotAuthenticated(DomainError):
    code = ErrorCode.NOT_AUTHENTICATED
    message = "Authentication required."


class TokenExpired(DomainError):
    code = ErrorCode.TOKEN_EXPIRED
    # The web app looks for exactly this text (spec: docs/spec-coverage.md#s8-401-auth-required-call,
    # docs/architecture.md, "HTTP API rules").
    message = "Token has expired"


class InvalidToken(NotAuthenticated):
    message = "The token is not valid."


class SessionRevoked(NotAuthenticated):
    message = "This sign-in has ended. Please sign in again."


class RoleNotAllowed(DomainError):
    code = ErrorCode.FORBIDDEN
    message = "Your account type may not do this."
