"""The raw-SQL reference servers' PostgreSQL pool: one per process, opened on first use."""

from __future__ import annotations

import os

from psycopg_pool import AsyncConnectionPool

_pool: AsyncConnectionPool | None = None


async def pool() -> AsyncConnectionPool:
    global _pool
    if _pool is None:
        _pool = AsyncConnectionPool(os.environ["DATABASE_URL"], min_size=4, max_size=20, open=False)
        await _pool.open()
    return _pool
