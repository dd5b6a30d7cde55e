"""Where a city is: the bundled GeoNames table of cities of 100,000+ people (gazetteer.tsv).

Two residences in two cities of the table exclude each other unless the cities lie
close together: GeoNames lists boroughs and suburbs as cities of their own
(Brooklyn, Pudong, Salford), and someone in one of them lives in the big city too.
The table is read on first use, not at import.
"""

from __future__ import annotations

import bisect
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
# Rows of the table that name no city: a country's name (no coordinates), an ISO code and its name.
_NOT_CITIES = ("country", "iso")


class City(NamedTuple):
    country: str  # ISO code, "GB"
    latitude: float
    longitude: float


@bundled.read_once
def _lines() -> list[str]:
    """The table's lines, sorted (as generated: the sort is one linear pass), looked up by bisection:
    a first add reads 14,000 lines without parsing them (~7 ms, against ~28 ms to build a dict of
    every city; an add asks about a few names)."""
    lines = bundled.lines("gazetteer.tsv")
    lines.sort()
    return lines


@bundled.read_once
def _countries() -> dict[str, str]:
    """English name → ISO code, from the table's ``iso`` rows ("ES\tiso\tspain")."""
    countries = {}
    for line in _lines():
        if "\tiso\t" in line:
            code, _iso, name, *_rest = line.split("\t")
            countries[name] = code
    return countries


def _rows(name: str) -> list[list[str]]:
    """The fields of every row of the table for ``name`` (lowercase)."""
    lines, prefix = _lines(), f"{name}\t"
    at, found = bisect.bisect_left(lines, prefix), []
    while at < len(lines) and lines[at].startswith(prefix):
        found.append(lines[at].split("\t"))
        at += 1
    return found


def names() -> frozenset[str]:
    return frozenset(line.partition("\t")[0] for line in _lines() if line.split("\t")[1] not in _NOT_CITIES)


def cities(name: str) -> tuple[City, ...]:
    """Every city of the table called `name` (lowercase): "cambridge" is in GB, US and CA."""
    return tuple(City(code, float(latitude), float(longitude))
                 for _name, code, latitude, longitude in _rows(name.lower().strip()) if code not in _NOT_CITIES)


def country_code(name: str) -> str:
    """The ISO code of a country's English name ("spain" → "ES"), or ""."""
    return _countries().get(name.lower().strip(), "")



def _km(a: City, b: City) -> float:
    """Great-circle distance (haversine)."""
    lat_a, lat_b = math.radians(a.latitude), math.radians(b.latitude)
    d_lat, d_lon = lat_b - lat_a, math.radians(b.longitude - a.longitude)
    h = math.sin(d_lat / 2) ** 2 + math.cos(lat_a) * math.cos(lat_b) * math.sin(d_lon / 2) ** 2
    return 12742.0 * math.asin(math.sqrt(min(1.0, h)))


def apart(found_a: tuple[City, ...], found_b: tuple[City, ...]) -> bool:
    """Are two cities two places, far apart whichever reading of an ambiguous name?"""
    return all(_km(x, y) > SAME_AREA_KM for x in found_a for y in found_b)
