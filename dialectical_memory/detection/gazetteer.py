"""Where a city is: the bundled GeoNames table of cities of 100,000+ people (gazetteer.tsv).

Two residences in two cities of the table exclude each other unless the cities lie
close together: GeoNames lists boroughs and suburbs as cities of their own
(Brooklyn, Pudong, Salford), and someone in one of them lives in the big city too.
The table is read on first use, not at import.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from . import bundled

# The table's Chinese city names that hold a negation character: registered as words
# (terms.py) so that 无 in 无锡 or 不 in 那不勒斯 is not read as "no". A test keeps this
# list equal to the table's.
NEGATION_LOOKALIKES = (
    "不伦瑞克", "不来梅", "不来梅哈芬", "别列兹尼基", "别尔哥罗德", "别府", "别府市", "大不里士", "孟非斯",
    "无钖", "无钖市", "无锡", "无锡市", "杜尚别", "柳别尔齐", "江别", "江别市", "沙没巴干府",
    "田无", "田无市", "萨非", "薩非", "那不勒斯", "雷克雅未克", "首尔特别", "首尔特别市",
)

# Cities closer than this are one city: a borough or suburb listed on its own ("lives in Salford" /
# "lives in Manchester", Brooklyn, Pudong); Leeds and York (38 km) are two.
SAME_AREA_KM = 25.0


class City(NamedTuple):
    country: str  # ISO code, "GB"
    latitude: float
    longitude: float


_Table = tuple[dict[str, tuple[City, ...]], dict[str, str]]


@bundled.read_once
def _table() -> _Table:
    cities: dict[str, list[City]] = {}
    countries: dict[str, str] = {}  # English name → ISO code
    for name, code, latitude, longitude in bundled.rows("gazetteer.tsv"):
        if code == "country":
            continue
        if code == "iso":
            countries[latitude] = name
            continue
        cities.setdefault(name, []).append(City(code, float(latitude), float(longitude)))
    return {name: tuple(found) for name, found in cities.items()}, countries


def names() -> frozenset[str]:
    return frozenset(_table()[0])


def cities(name: str) -> tuple[City, ...]:
    """Every city of the table called `name` (lowercase): "cambridge" is in GB, US and CA."""
    return _table()[0].get(name.lower().strip(), ())


def country_code(name: str) -> str:
    """The ISO code of a country's English name ("spain" → "ES"), or ""."""
    return _table()[1].get(name.lower().strip(), "")


def _km(a: City, b: City) -> float:
    """Great-circle distance (haversine)."""
    lat_a, lat_b = math.radians(a.latitude), math.radians(b.latitude)
    d_lat, d_lon = lat_b - lat_a, math.radians(b.longitude - a.longitude)
    h = math.sin(d_lat / 2) ** 2 + math.cos(lat_a) * math.cos(lat_b) * math.sin(d_lon / 2) ** 2
    return 12742.0 * math.asin(math.sqrt(min(1.0, h)))


def apart(found_a: tuple[City, ...], found_b: tuple[City, ...]) -> bool:
    """Are two cities two places, far apart whichever reading of an ambiguous name?"""
    return all(_km(x, y) > SAME_AREA_KM for x in found_a for y in found_b)
