"""Names of the fixed filter options (spec: docs/spec-coverage.md#s3-availability-options: availability 1 and
2; zero_waste 1, named Sale)."""

AVAILABLE = {
    "en": "Available", "de": "Verfügbar", "da": "På lager", "es": "Disponible", "fr": "Disponible",
    "hu": "Elérhető", "it": "Disponibile", "ja": "在庫あり", "nl": "Beschikbaar", "pt": "Disponível",
    "ro": "Disponibil", "zh_tw": "有現貨",
}  # fmt: skip
UNAVAILABLE = {
    "en": "Unavailable", "de": "Nicht verfügbar", "da": "Ikke på lager", "es": "No disponible",
    "fr": "Indisponible", "hu": "Nem elérhető", "it": "Non disponibile", "ja": "在庫なし",
    "nl": "Niet beschikbaar", "pt": "Indisponível", "ro": "Indisponibil", "zh_tw": "缺貨",
}  # fmt: skip
SALE = {
    "en": "Sale", "de": "Angebot", "da": "Udsalg", "es": "Oferta", "fr": "Promotion", "hu": "Akció",
    "it": "Offerta", "ja": "セール", "nl": "Aanbieding", "pt": "Promoção", "ro": "Reducere", "zh_tw": "特價",
}  # fmt: skip
