from channels.generic.websocket import AsyncWebsocketConsumer


class UnknownRouteConsumer(AsyncWebsocketConsumer):
    """Refuses the handshake for socket paths we do not serve, instead of an error in the server log."""

    async def connect(self) -> None:
        await self.close()
