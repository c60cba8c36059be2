"""Demo and benchmark data for the catalogue: taxonomies, generated products, drawn pack shots, demo users.

Everything here is deterministic (seeded random numbers, names instead of database ids), so the
`seed_demo` command gives the same catalogue on every machine and on every run.
"""
