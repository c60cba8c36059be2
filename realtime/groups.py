"""Channel-layer group names (DESIGN section 6). Built only here, from ids the server trusts."""


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def session_group(session_id: str) -> str:
    return f"session.{session_id.replace('-', '')}"


def protocol_group(protocol_id: int) -> str:
    return f"protocol.{protocol_id}"
