"""Channel-layer group names (DESIGN section 6), built only here, from ids the server trusts; the session
and protocol groups join this module with the events socket."""


def user_group(user_id: int) -> str:
    return f"user.{user_id}"
