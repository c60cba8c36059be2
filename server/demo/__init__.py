"""Demo and benchmark data for every app: the catalogue, the demo users, their protocols and stores."""
