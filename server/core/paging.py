"""The bound every paged call puts on its page number: deeper than any real list goes, and small enough that
the offset it makes stays far inside a 64-bit integer (a larger page number was a 500 from the database)."""

MAX_PAGE = 100_000
