"""Issue 41: a flag names a claim about one predicate of one holder that the other side denies or
replaces. Look-alikes that share a word but make no rival claim stay compatible, and each comes
beside the contradiction of the same family that still flags:

- the denied thing named only as left out ("can't have dairy" / "bakes dairy-free cakes",
  "不能吃乳制品" / "无乳制品的蛋糕"): the food keeps to the diet (denials.py `_free_of_the_denied`);
- having denied against an opinion of the kind or a wish ("doesn't have a cat" / "thinks cats are
  lovely company", "没有养猫" / "很喜欢猫"); liking one's own one still meets it
  (denials.py `_opinion_of_the_kind`);
- having denied against a place or group named after the kind ("has no dog" / "gives to a dog
  shelter", "没有养猫" / "给猫救助站捐钱"; lexicon "places_for_a_kind"), unless one's own is there;
- one named member of a kind one may have several of ("a dog named Rex" / "a dog named Bo",
  "养了一只狗，叫豆豆" / "养了一只狗，叫球球"); "one" or "only" makes it the only one
  (slots.py `_one_of_several`);
- a plan against its fulfilment, and a group against what its members do.
"""

import pytest

from judging import flags


@pytest.mark.parametrize("a, b", [
    # left out, not had
    ("User can't have dairy.", "User baked a dairy-free lemon cake with oat milk for her niece."),
    ("User can't have dairy.", "User is eager to try a friend's dairy-free ice cream recipe."),
    ("User can't eat gluten.", "User's favourite treat is gluten free banana bread."),
    ("用户不能吃乳制品。", "用户做了一个无乳制品的巧克力蛋糕。"),
    # an opinion of the kind, or a wish
    ("User doesn't have a cat at the moment but hopes to get one.", "User thinks cats make calm, lovely company."),
    ("User has no car.", "User loves old cars and reads car magazines."),
    ("User doesn't have a cat.", "User wants to adopt a cat next spring."),
    ("用户没有养猫。", "用户很喜欢猫。"),
    # a place or group named after the kind
    ("User does not have a cat right now.", "User gave the money she raised to a cat shelter nearby."),
    ("User has no dog.", "User volunteers at a dog rescue near his home on Saturdays."),
    ("用户没有养猫。", "用户给猫救助站捐了钱。"),
    # one of several of a kind
    ("User has a dog named Rex who loves the beach.", "User has a dog named Bo that she rescued last year."),
    ("用户养了一只狗，叫豆豆。", "用户养了一只狗，叫球球。"),
    # a plan and its fulfilment
    ("User plans to run a marathon in the autumn.", "User ran her first marathon in October."),
    ("用户打算明年去日本旅行。", "用户去了日本旅行。"),
    # a group and what its members do
    ("User's running club mostly meets on Sundays.", "User runs alone on Tuesday evenings."),
])
def test_rival_claims_are_not_made(a, b):
    assert not flags(a, b)


@pytest.mark.parametrize("a, b", [
    ("User can't have dairy.", "User made a dairy-free cake and topped it with dairy cream."),
    ("User is lactose intolerant.", "User drinks a glass of milk every morning."),
    ("User has no pets.", "User adores her cat."),
    ("User has no pets.", "User adopted a dog two years ago."),
    ("User doesn't have a car.", "User loves driving his car on weekends."),
    ("用户没有养猫。", "用户很喜欢自己的猫。"),
    ("User has no dog.", "User took his dog to a dog park."),
    ("用户没有养猫。", "用户带着自己的猫去了猫咖啡馆。"),
    ("用户不能吃乳制品。", "用户最爱乳制品。"),
    ("User has one dog, named Rex.", "User has one dog, named Bo."),
    ("User's dog's name is Rex.", "User's dog's name is Bo."),
    ("用户家只有一只狗，叫豆豆。", "用户家只有一只狗，叫球球。"),
    ("User has a husband named Tom.", "User has a husband named Ravi."),
    ("User has two cats.", "User has three cats at home."),
])
def test_the_same_predicates_denied_or_replaced_still_flag(a, b):
    assert flags(a, b)
