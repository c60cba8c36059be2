import pytest

from server.search.text import ingredient_names, one_edit_apart, words


@pytest.mark.parametrize(
    ("typed", "word", "expected"),
    [
        ("magnesiun", "magnesium", True),  # substitution
        ("vitamn", "vitamin", True),  # deletion
        ("citratte", "citrate", True),  # insertion
        ("mangesium", "magnesium", True),  # transposition
        ("magnesium", "magnesium", False),  # the same word is no correction
        ("mahnezium", "magnesium", False),  # two substitutions
        ("vitmni", "vitamin", False),
        ("abc", "abcde", False),
        ("ab", "ba", True),
    ],
)
def test_one_edit_apart(typed, word, expected):
    assert one_edit_apart(typed, word) is expected
    assert one_edit_apart(word, typed) is expected


def test_words_fold_case_and_accents_and_split_on_anything_else():
    assert words("Vitamin D3 + K2 (MK-7), Crème brûlée_x") == [
        "vitamin", "d3", "k2", "mk", "7", "creme", "brulee", "x",
    ]  # fmt: skip
    assert words("a" * 41 + " ok") == ["ok"]


def test_ingredient_names_drop_parenthesised_parts_and_split_on_commas():
    text = "Magnesium citrate (as magnesium (elemental), 200 mg), rice flour.; , (capsule), Vitamin B6 (P-5-P"

    assert ingredient_names(text) == ["Magnesium citrate", "rice flour", "Vitamin B6 P-5-P"]
    assert ingredient_names("") == []
