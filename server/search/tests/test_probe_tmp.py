import cProfile
import pstats

from server.search.tests.test_bad_input import post


def test_probe(shop):
    post({"query": "zinc"}, None)
    pr = cProfile.Profile()
    pr.enable()
    for _ in range(20):
        post({"query": "magnesium"}, None)
    pr.disable()
    pstats.Stats(pr).sort_stats("cumulative").print_stats(45)
