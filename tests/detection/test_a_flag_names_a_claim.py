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
- a plan against its fulfilment, and a group against what its members do: a clause whose subject
  is a group of the holder's ("Maya's team is fully remote", "用户的乐队…") meets the holder's own
  claims only when she is said to share it or her side names the group (groups.py);
- a relative introduced as "a brother who…" holds what follows, one of any number of brothers
  ("one brother, who…" is the only one);
- a stand-in for what one does not take ("decaf", "素肉"), a thing about to be had or dreamt of, a
  view of its kind, a food baked or sold for others, someone else's cooking liked against one's own
  inability, and a plan to give up what was given up.

Each family this issue changed keeps a look-alike of another category it leaves alone beside the
clash it still finds (the pairs: states.jsonl, source "claim-frames"):

- words put to someone are what was said, no state ("reminds her son that his hard work matters" /
  "… his good work …"; lexicon "speech_acts"), while a thing's opposite states still clash;
- a kind of person in the plural names others ("teaches beginners" / "is an experienced climber";
  lexicon "person_axes"), while the holder's own kind still clashes;
- a count said with what is done with the things ("took her three cats to the vet") replaces a
  count had, where a count of times is none;
- how a job ended (job_endings.py), a venture planned after it runs (plans_after_done.py, in the
  order written) and being new to a thing done long before (first_time.py);
- opposite poles of a life state's axis written on different days are a dated change (`update`),
  a taste's stay as found (contract.STATE_AXES).
"""

import pytest

from dialectical_memory.detection import Label
from dialectical_memory.detection.contract import as_change, dated
from judging import detector, flags


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
    # a group of the holder's is described, the holder does otherwise (groups.py)
    ("Maya's team is fully remote.", "Maya goes to the office every day."),
    ("Her team is fully remote.", "She goes to the office every day."),
    ("User's band never plays covers.", "User plays covers every weekend."),
    ("User's hiking group goes out every Sunday.", "User never hikes."),
    ("用户的团队完全远程办公。", "用户每天去办公室上班。"),
    ("王芳的团队完全远程。", "王芳每天去办公室。"),
    ("用户的乐队从不演唱翻唱歌曲。", "用户每周末都唱翻唱歌曲。"),
    ("用户的班上都是初学者。", "用户是攀岩高手。"),
    ("他的团队从不加班。", "他每天都加班到很晚。"),
    ("John's coworkers never take vacations.", "John went on vacation in July."),
    # a stand-in for what one does not take
    ("User can't have caffeine.", "User switched to decaf coffee."),
    ("User is vegetarian.", "User tried a plant-based burger."),
    ("用户不吃肉。", "用户爱吃素肉汉堡。"),
    # not having a thing against a wish, a plan or a view of its kind
    ("User doesn't own a bike.", "User dreams of a red road bike."),
    ("User doesn't own a bike.", "User is saving for a bike."),
    ("User doesn't own a bike.", "User thinks bikes are the best way to get around town."),
    ("User has no car.", "User is shopping around for a car."),
    ("User has no pets.", "User is thinking about getting a rabbit."),
    ("用户没有车。", "用户打算明年买车。"),
    ("用户没有自行车。", "用户觉得骑自行车很环保。"),
    # a relative introduced with "a … who": the relative's claim, one of any number of them
    ("User has a brother who lives in Oslo.", "User lives in Rome."),
    ("User has a sister who works at Google.", "User works at Apple."),
    ("User has a son who lives in Boston.", "User has a son who lives in Denver."),
    ("User has a friend named Ana.", "User has a friend named Bea."),
    ("用户有一个妹妹叫小红。", "用户有一个妹妹叫小丽。"),
    # a plan to give a thing up, then given up
    ("User plans to sell his car.", "User sold his car last week."),
    ("用户准备卖车。", "用户把车卖了。"),
    # a thing about to be had, or dreamt of
    ("Tom has never owned a pet.", "Tom is excited to adopt a kitten next week."),
    ("用户从没养过宠物。", "用户下周要领养一只小猫。"),
    ("Tom has no car.", "Tom's dream car is a vintage Mustang."),
    # a food made or sold for others, not eaten
    ("Priya doesn't eat sugar.", "Priya bakes birthday cakes for her friends."),
    ("Priya is gluten intolerant.", "Priya runs a bakery that sells bread."),
    ("User is vegan.", "User cooked chicken for her kids."),
    # a taste against one occasion it was done
    ("User isn't a fan of horror movies.", "User watched a horror movie with her kids."),
    ("User hates flying.", "User flew to Rome last month."),
    ("用户不喜欢恐怖片。", "用户陪孩子看了一部恐怖片。"),
    ("用户不喜欢吃寿司。", "用户上周在朋友家吃了寿司。"),
    # someone else's doing, learning it
    ("User can't cook.", "User loves his mother's cooking."),
    ("User can't cook.", "User is taking a cooking class."),
    ("User's company makes toys.", "User doesn't like toys."),
])
def test_new_look_alikes_in_each_category_make_no_rival_claim(a, b):
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
    # the group's state is the holder's too, or the holder's side names the group
    ("Maya's team works from home, and so does she.", "Maya goes to the office every day."),
    ("John's team is fully remote, John included.", "John goes to the office every day."),
    ("用户的团队完全远程办公，她也是。", "用户每天去办公室上班。"),
    ("User commutes to the team's office downtown every day.", "User's team is fully remote and has no office."),
    ("用户每天去团队的办公室上班。", "用户的团队完全远程，没有办公室。"),
    ("User works remotely.", "User goes to the office every day."),
    # the thing itself, not a stand-in
    ("User can't have caffeine.", "User drinks three espressos a day."),
    ("用户对坚果过敏。", "用户每天吃一把核桃。"),
    # one's own thing, or using the thing given up
    ("User doesn't own a bike.", "User rides his bike to work every day."),
    ("用户没有车。", "用户每天开自己的车上班。"),
    ("User sold his car.", "User wants to drive his car to the coast."),
    # a count says there is one
    ("User has one son, who lives in Boston.", "User's son lives in Denver."),
    ("User has one friend, named Ana.", "User has one friend, named Bea."),
    ("用户只有一个妹妹，叫小红。", "用户只有一个妹妹，叫小丽。"),
    ("User has a brother who lives in Oslo.", "User has no brothers."),
    ("User never exercises.", "User is going to the gym every day."),
    ("Priya doesn't eat sugar.", "Priya bakes cakes and eats a slice every night."),
    ("User is vegan.", "User ate chicken at the barbecue."),
    ("User has never been to Paris.", "User visited Paris last spring."),
    ("User can't cook.", "User cooks dinner for his family every night."),
    ("User doesn't like sushi.", "User eats sushi every week."),
])
def test_the_same_predicates_denied_or_replaced_still_flag(a, b):
    assert flags(a, b)


@pytest.mark.parametrize("left_alone, still_flagged", [
    # words put to someone (antonym in one frame)
    (("User reminds her son that his hard work matters.", "User reminded her son that his good work matters."),
     ("User's new mattress is hard.", "User's new mattress is soft.")),
    (("用户提醒弟弟保持安静。", "用户提醒弟弟说话大声点。"),
     ("用户的卧室很安静。", "用户的卧室很吵。")),
    # a kind of person in the plural (the axis of expertise, of the hours one keeps)
    (("User teaches beginners to climb.", "User is an experienced climber."),
     ("User is an experienced climber.", "User is a beginner at climbing.")),
    (("User gets up early.", "User coaches night owls to sleep better."),
     ("User is a night owl.", "User is an early bird.")),
    # a count said with what is done with the things (value)
    (("User has two cats.", "User called her three times last week."),
     ("User has two cats.", "User took her three cats to the vet.")),
    # how a job ended: two jobs, two holders
    (("User quit her job as a nurse.", "User lost her job as a waitress."),
     ("User quit her job at the clinic to study law.", "User was laid off in the spring.")),
    (("User's sister quit her job.", "User was laid off."),
     ("用户辞职了，想去旅行。", "用户被公司裁员了。")),
    # new to a thing, done long before: another thing, taken up again, a course started
    (("User has been playing the cello for only a month.", "User played the piano as a child."),
     ("User has been playing the cello for only a month.", "User used to play the cello as a kid.")),
    (("User used to play guitar as a teen.", "User just picked up the guitar again."),
     ("User tried sushi for the first time last week.", "User ate sushi a lot as a child.")),
    (("User recently started a course on game design.", "User loved video games as a kid."),
     ("用户第一次吃寿司。", "用户小时候常吃寿司。")),
])
def test_each_changed_family_leaves_its_look_alike_and_keeps_its_clash(left_alone, still_flagged):
    assert not flags(*left_alone)
    assert flags(*still_flagged)


@pytest.mark.parametrize("runs, planned", [
    ("User runs her own bakery.", "User is saving up to open her own bakery."),
    ("User owns his own bike repair shop.", "User plans to open his own bike repair shop next year."),
    ("用户开了自己的咖啡店。", "用户打算开自己的咖啡店。"),
])
def test_a_venture_planned_after_it_runs_clashes_and_the_plan_fulfilled_does_not(runs, planned):
    assert detector.compare(runs, planned).label is Label.CONTRADICTION  # written in this order: not there yet
    assert detector.compare(planned, runs).label is not Label.CONTRADICTION  # the plan, then it came true


@pytest.mark.parametrize("first, second", [
    ("User runs her own bakery.", "User plans to open a second bakery."),
    ("User has her own car.", "User wants her own flat."),
    ("User runs his own pottery studio.", "User plans to open his own pottery school."),
])
def test_another_venture_planned_is_no_clash(first, second):
    assert detector.compare(first, second).label is not Label.CONTRADICTION


def test_a_job_ending_told_two_ways_is_a_clash_and_no_dated_change():
    verdict = detector.compare("User resigned from his position to care for his father.",
                               "User lost his job when the plant closed.")
    data = dict(verdict.reason_data)
    assert verdict.label is Label.CONTRADICTION and data["predicate"] == "job ending"
    assert as_change(data, (1.6e9, 1.6e9 + 90 * 86400))["kind"] == "implicit"  # one past event, not a change


def test_opposite_poles_of_a_life_state_on_different_days_are_a_dated_change():
    written = (1.6e9, 1.6e9 + 90 * 86400)
    married = dict(detector.compare("User is single.", "User got married in June.").reason_data)
    remote = dict(detector.compare("User works remotely.", "User goes to the office every day.").reason_data)
    owl = dict(detector.compare("User is a night owl.", "User is an early bird.").reason_data)
    assert as_change(married, written)["kind"] == as_change(remote, written)["kind"] == "update"
    assert as_change(married, (written[0], written[0]))["kind"] == married["kind"]  # said the same day: as found
    assert as_change(owl, written)["kind"] == "antonym"  # the hours one keeps: a habit, no dated state


@pytest.mark.parametrize("before, after", [
    ("User has two dogs.", "User adopted a third dog last month."),
    ("User has one car.", "User bought a second car."),
])
def test_one_more_of_a_kind_counted_is_a_dated_change_and_the_same_count_is_none(before, after):
    written = (1.6e9, 1.6e9 + 60 * 86400)
    data = dated(as_change(detector.compare(before, after).reason_data, written), written)
    assert data["kind"] == "update" and data["found_as"] == "value" and data["current"] == "b"
    assert data["dates"] == ["2020-09-13", "2020-11-12"]
    assert not flags("User has three dogs.", "User adopted a third dog in May.")
    assert not flags("User has two dogs.", "User's sister adopted a third dog.")


def test_maintenance_compares_two_entries_in_the_order_they_were_written(new_store, clock):
    """The deep check meets an older entry's newer candidates too: it must put the entry written
    first first, as the add does, or a plan and its fulfilment would read as a venture planned
    after it runs."""
    store = new_store(memory_char_limit=0, user_char_limit=0, detector=detector)
    store.add("user", "User plans to open her own bakery.")
    clock.advance(90)
    store.add("user", "User opened her own bakery downtown.")
    clock.advance(1)
    store.run_maintenance("user")
    assert store.get_contradictions("user", include_resolved=True) == []
    clock.advance(90)
    store.add("user", "User is saving up to open her own bakery.")  # later than the bakery she opened
    edges = store.get_contradictions("user", include_resolved=True)
    assert [edge["to_text"] for edge in edges] == ["User is saving up to open her own bakery."]
    assert edges[0]["kind"] == "update" and edges[0]["reason_data"]["current"] == "b"
