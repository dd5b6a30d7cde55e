"""China's provinces and its seven geographic regions, so that a place can be outside one.

"在海南长大，从没离开过海南" / "在东北滑雪": the gazetteer knows cities and countries, not the
divisions between them. provinces.tsv (tools/make_provinces.py, GeoNames CC BY 4.0) gives each
Chinese city of the gazetteer its first-level division; the names below are GeoNames' codes for
those divisions (CN.01 Anhui … CN.33 Chongqing), and the regions are the usual seven (华北, 东北,
华东, 华中, 华南, 西南, 西北). Taiwan, Hong Kong and Macau are not GeoNames divisions of CN.
"""

from __future__ import annotations

from . import bundled, gazetteer

# GeoNames admin1 code → the division's names (Chinese, English)
DIVISIONS: dict[str, tuple[str, ...]] = {
    "01": ("安徽", "anhui"), "02": ("浙江", "zhejiang"), "03": ("江西", "jiangxi"), "04": ("江苏", "jiangsu"),
    "05": ("吉林", "jilin"), "06": ("青海", "qinghai"), "07": ("福建", "fujian"), "08": ("黑龙江", "heilongjiang"),
    "09": ("河南", "henan"), "10": ("河北", "hebei"), "11": ("湖南", "hunan"), "12": ("湖北", "hubei"),
    "13": ("新疆", "xinjiang"), "14": ("西藏", "tibet"), "15": ("甘肃", "gansu"), "16": ("广西", "guangxi"),
    "18": ("贵州", "guizhou"), "19": ("辽宁", "liaoning"), "20": ("内蒙古", "内蒙", "inner mongolia"),
    "21": ("宁夏", "ningxia"), "22": ("北京", "beijing"), "23": ("上海", "shanghai"), "24": ("山西", "shanxi"),
    "25": ("山东", "shandong"), "26": ("陕西", "shaanxi"), "28": ("天津", "tianjin"), "29": ("云南", "yunnan"),
    "30": ("广东", "guangdong"), "31": ("海南", "hainan"), "32": ("四川", "sichuan"), "33": ("重庆", "chongqing"),
}
REGIONS: dict[str, frozenset[str]] = {
    "华北": frozenset(("22", "28", "10", "24", "20")), "东北": frozenset(("05", "08", "19")),
    "华东": frozenset(("23", "04", "02", "01", "07", "03", "25")), "华中": frozenset(("09", "12", "11")),
    "华南": frozenset(("30", "16", "31")), "西南": frozenset(("32", "33", "18", "29", "14")),
    "西北": frozenset(("06", "15", "21", "13", "26")),
}
_BY_NAME: dict[str, frozenset[str]] = {
    **{name: frozenset([code]) for code, names in DIVISIONS.items() for name in names},
    **{name + suffix: frozenset([code]) for code, names in DIVISIONS.items() for name in names[:1]
       for suffix in ("省", "市", "地区")},
    **REGIONS, "northeast china": REGIONS["东北"],
}
# "东北老家", "海南那边": the place, and where in it one was
_TRAILING = ("老家", "家里", "那边", "一带", "地区", "省", "市")

@bundled.read_once
def _table() -> dict[tuple[float, float], str]:
    """A Chinese city's division, by the city's coordinates in the gazetteer."""
    return {(float(latitude), float(longitude)): code for latitude, longitude, code in bundled.rows("provinces.tsv")}


def division(name: str) -> frozenset[str]:
    """The division codes a province or region name covers ("海南" → {31}, "东北" → three), or none."""
    name = name.lower().strip()
    found = _BY_NAME.get(name)
    if found is None:
        for suffix in _TRAILING:
            if name.endswith(suffix) and name[: -len(suffix)] in _BY_NAME:
                return _BY_NAME[name[: -len(suffix)]]
        return frozenset()
    return found


def of_city(name: str) -> frozenset[str]:
    """The divisions a Chinese city of that name may be in (several for a name several cities share)."""
    return frozenset(_table().get((city.latitude, city.longitude), "?") for city in gazetteer.cities(name)
                     if city.country == "CN")


def outside(place: str, region: str) -> bool | None:
    """Is `place` outside the province or region `region`? None when `region` is neither, or
    `place` is not known well enough to say."""
    inside = division(region)
    if not inside:
        return None
    where = division(place) or of_city(place) or of_city(place.removesuffix("市"))
    if where and "?" not in where:
        return not where & inside
    return None
