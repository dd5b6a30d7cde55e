"""Single-valued slots with typed values. Their pairs: the `values` sets of `pairs/slots.jsonl`
(where each came from, and its floor, in `pairs/floors.toml`)."""

import pytest

from dialectical_memory.detection import Label, gazetteer, slots
from judging import flags, label


@pytest.mark.parametrize("a, b", [
    ("User's blood type is O.", "User has type A blood."),
    ("User's blood group is AB.", "用户是 O 型血。"),
    ("User is a Leo.", "User's star sign is Pisces."),
    ("用户是天蝎座。", "User's zodiac sign is Capricorn."),
    ("User was born in the Year of the Tiger.", "用户属兔。"),
    ("User is an INTJ.", "User's MBTI type is ENFP."),
    ("User lives in Leeds.", "User lives in Manchester."),
    ("用户住在苏州。", "用户住在无锡。"),
    ("User lives in Kraków.", "User lives in Gdańsk."),
    ("User lives in Leeds.", "User lives in Germany."),
    ("User's phone is a Pixel 8.", "User uses an iPhone 15 as their only phone."),
    ("用户的手机是小米14。", "用户用的是 iOS 系统的手机。"),
    ("User owns no Apple devices at all.", "User writes code on a MacBook Air."),
    ("User develops iOS apps in Xcode on their personal computer.", "User's personal computer runs Windows 11."),
    ("User's only pet is a cat named Mochi.", "User's only pet is a cat named Biscuit."),
    ("用户唯一的宠物是一只兔子。", "用户唯一的宠物是一只仓鼠。"),
    ("User's only sibling is a brother.", "User's only sibling is a sister."),
    ("用户最支持的球队是湖人。", "用户最支持的球队是勇士。"),
    ("用户的手机是 iPhone。", "用户的手机是华为。"),
    ("User was born in Leeds.", "User was born in York."),
    ("用户在大连长大。", "用户在沈阳长大。"),
    ("User is from Porto.", "User is from Lisbon."),
    ("用户来自成都。", "用户来自重庆。"),
    ("User's native language is Spanish.", "User is a native Portuguese speaker."),
    ("用户的导师是王教授。", "用户的导师是李教授。"),
    ("User lives in Sydney.", "用户住在墨尔本。"),
])
def test_one_valued_attributes_clash(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User's blood type is O.", "User's son has type A blood."),
    ("User's blood type is B.", "User's blood type is B-negative."),
    ("User is a Gemini.", "用户是双子座。"),
    ("用户是狮子座。", "用户的女儿是巨蟹座。"),
    ("User's wife's star sign is Pisces.", "User is a Leo."),
    ("User lives in Berlin.", "User lives in Germany."),
    ("User lives in Brooklyn.", "User lives in New York."),
    ("User lives in Salford.", "User lives in Manchester."),
    ("User lives in Leeds.", "User lives in Yorkshire."),
    ("User lives in Toronto.", "User lives in Ontario."),
    ("用户住在北京朝阳区。", "用户住在北京。"),
    ("User lives in Leeds.", "User's sister lives in Manchester."),
    ("用户用的浏览器是 Chrome。", "用户同事用的浏览器是 Safari。"),
    ("用户是左撇子。", "用户用右手拿鼠标。"),
    ("用户用华为手机。", "用户的手机是鸿蒙系统。"),
    ("User has a MacBook Pro for work.", "User games on a Windows PC at home."),
    ("User edits videos in Final Cut Pro.", "User uses Windows at work."),
    ("User's laptop is a MacBook.", "User also has a Linux desktop."),
    ("User owns no Apple devices.", "User's wife has a MacBook."),
    ("User's only child is a newborn.", "User's only child is a daughter."),
    ("User's only pet is a dog.", "User's only pet is a golden retriever."),
    ("用户最喜欢的水果是芒果。", "用户最喜欢的水果是热带水果。"),
    ("用户的强项是数学。", "用户的强项是写作。"),
    ("用户的爱好是跑步。", "用户的爱好是摄影。"),
    ("User was born in 1990.", "User was born in Leeds."),
    ("User is from the sales team.", "User is from Leeds."),
    ("User was born in Leeds.", "User's wife was born in York."),
    ("User was born in Berlin.", "User grew up in Munich."),
    ("User lives in Leeds.", "User was born in Manchester."),
    ("用户来自四川。", "用户来自成都。"),
    ("User lives in Vienna.", "用户住在维也纳。"),
    ("用户的导师是王教授。", "用户的导师是王老师。"),
    ("用户的医生是女医生。", "用户的医生是王医生。"),
    ("用户的偶像是科比。", "用户的偶像是詹姆斯。"),
])
def test_lookalikes_do_not_clash(a, b):
    assert label(a, b) is not Label.CONTRADICTION


def test_gazetteer_reads_cities_by_distance():
    assert gazetteer.apart(gazetteer.cities("leeds"), gazetteer.cities("manchester"))
    assert not gazetteer.apart(gazetteer.cities("pudong"), gazetteer.cities("上海"))
    assert {city.country for city in gazetteer.cities("cambridge")} >= {"GB", "US"}
    assert gazetteer.country_code("spain") == "ES"
    assert not gazetteer.cities("ontario")  # a province's name meets no city


def test_a_city_is_found_by_its_whole_name_and_never_as_a_country():
    """The table is looked up by bisection on its sorted lines: a name's rows and none of a longer name's."""
    assert [city.country for city in gazetteer.cities("york")] == ["GB"]
    assert not gazetteer.cities("yor") and not gazetteer.cities("")
    assert not gazetteer.cities("spain") and gazetteer.country_code("Spain ") == "ES"
    assert gazetteer.cities(" Leeds ") == gazetteer.cities("leeds") != ()
    assert "leeds" in gazetteer.names() and "spain" not in gazetteer.names() and "ES" not in gazetteer.names()


def test_negation_lookalikes_match_the_table():
    """无锡 holds 无 ("no"): every such city name of the table is registered as a word."""
    negations = set("无不没非未别")
    in_table = {name for name in gazetteer.names() if set(name) & negations}
    assert in_table == set(gazetteer.NEGATION_LOOKALIKES)


def test_attribute_noun_is_no_holder():
    assert [slot.holder for slot in slots.extract_slots("User's star sign is Pisces.") if slot.name == "star sign"] == [""]
    assert {slot.holder for slot in slots.extract_slots("用户妻子的星座是双子座。")} == {"wife"}
