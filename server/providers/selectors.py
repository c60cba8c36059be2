from __future__ import annotations

import math
from typing import TypedDict

from server.providers.models import Ad


class AdOut(TypedDict):
    id: int
    ad_type: int
    title: str
    body: str
    link_url: str
    image_url: str


class AdsPageOut(TypedDict):
    data: list[AdOut]
    total_results: int
    total_pages: int
    current_page: int
    limit: int


def ads_page(*, provider: str, ad_type: int, page: int, limit: int) -> AdsPageOut:
    ads = Ad.objects.filter(provider=provider, ad_type=ad_type, is_active=True)
    total = ads.count()
    rows = ads[(page - 1) * limit : page * limit]
    return {
        "data": [
            {
                "id": ad.pk,
                "ad_type": ad.ad_type,
                "title": ad.title,
                "body": ad.body,
                "link_url": ad.link_url,
                "image_url": ad.image.url if ad.image else "",
            }
            for ad in rows
        ],
        "total_results": total,
        "total_pages": math.ceil(total / limit) if total else 0,
        "current_page": page,
        "limit": limit,
    }
