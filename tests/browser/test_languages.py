"""The languages come from one list (pyrules/locales/languages.json): the page's switch offers them in its order, by
their names in themselves, the browser's language chooses the first time, and the page's plural forms
(Intl.PluralRules) are the list's rules, which the rules (Python) follow."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pyrules import share
from pyrules.i18n import LANGUAGE_DATA, LANGUAGES, plural


def test_the_switch_offers_the_lists_languages_by_their_names(page):
    options = page.locator("#language option")
    assert options.evaluate_all("(all) => all.map((o) => [o.value, o.textContent, o.lang])") == [
        [code, data["name"], code] for code, data in LANGUAGE_DATA.items()
    ]


def test_the_pages_plural_forms_are_the_lists_rules(page):
    counts = list(range(0, 250)) + [1001, 1011, 1021, 1112]
    for code in LANGUAGES:
        said = page.evaluate("([code, counts]) => counts.map((n) => new Intl.PluralRules(code).select(n))",
                             [code, counts])  # fmt: skip
        assert said == [plural(code, n) for n in counts], code


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_the_browsers_language_chooses_the_first_time(browser, base_url, code):
    context = browser.new_context(locale=f"{code}-XX")
    try:
        page = context.new_page()
        page.goto(base_url)
        expect(page.locator("html")).to_have_attribute("lang", code, timeout=120_000)
        expect(page.locator("#language")).to_have_value(code)
    finally:
        context.close()


def test_a_visitor_downloads_only_their_languages_words(fresh_page):
    """English needs no catalog; a switch fetches the language's words once (the service worker keeps them)."""
    page = fresh_page
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/locales/" in request.url else None)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=120_000)
    assert asked == []
    page.get_by_label("Language").select_option("ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("button", name="Начать бой")).to_be_visible()
    page.get_by_label("Язык").select_option("en")
    page.get_by_label("Language").select_option("ru")
    expect(page.get_by_label("Язык")).to_be_visible()
    assert [url.rsplit("/", 1)[-1] for url in asked] == ["ru.json.gz"]


def test_a_language_whose_words_cannot_be_downloaded_leaves_the_page_as_it_was_and_says_so(browser, base_url):
    context = browser.new_context(service_workers="block")  # no cache between the page and the network
    try:
        page = context.new_page()
        page.goto(base_url)
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=120_000)
        page.route("**/locales/*.json.gz", lambda route: route.abort())
        page.get_by_label("Language").select_option("ru")
        expect(page.locator("#messages")).to_contain_text("could not be downloaded: check the connection")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_label("Language")).to_have_value("en")
        page.unroute("**/locales/*.json.gz")
        page.get_by_label("Language").select_option("ru")  # the connection back: the switch works
        expect(page.locator("html")).to_have_attribute("lang", "ru")
    finally:
        context.close()


def test_a_visit_whose_words_cannot_be_downloaded_keeps_the_players_choice_for_the_next(browser, base_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('pyrules:lang', 'ru')")
        page.route("**/locales/*.json.gz", lambda route: route.abort())
        page.goto(base_url)
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=120_000)
        expect(page.locator("html")).to_have_attribute("lang", "en")  # the words are not here: English for now
        assert page.evaluate("() => localStorage.getItem('pyrules:lang')") == "ru"
    finally:
        context.close()


def test_a_shared_fights_title_and_the_charts_names_follow_the_switch(browser, base_url):
    """The title a link gives a fight, and a Citadel chart monster's and roster hero's names, are said in the page's
    language of the moment: made when shown, not kept in the language the fight was opened in."""
    record = {"format": "pyrules-fight", "version": 1, "system": "citadel-of-blood", "seed": 3,
              "hero": {"party": [{"hero": "almuric"}]}, "enemies": [{"monster": "orcs"}], "actions": []}  # fmt: skip
    context = browser.new_context(locale="ru-RU", service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url + "#f=" + share.encode(record))
        heading, board = page.locator("#fight-heading"), page.locator("#cob-board")
        expect(heading).to_have_text("Альмурик — Орки", timeout=120_000)
        expect(board).to_contain_text("Орки")
        for code, title, monster in [("en", "Almuric vs Orcs", "Orcs"),
                                     ("es", "Almuric contra Orcos", "Orcos")]:  # fmt: skip
            page.locator("#language").select_option(code)
            expect(page.locator("html")).to_have_attribute("lang", code)
            expect(heading).to_have_text(title)
            expect(board).to_contain_text(monster)
    finally:
        context.close()


def test_names_are_listed_as_each_language_lists_them(browser, base_url):
    """A party against several monsters is named as each language lists names, the last joined by its "and", a
    monster said twice counted once (never "Orcs and Orcs and Skeletons and Wargs"); the rules' own lists (the
    party's name in a fight's summary) are joined the same way (pyrules.i18n.join_list)."""
    party = [{"hero": "almuric"}, {"hero": "almuric", "name": "Rolf"}, {"hero": "almuric", "name": "Elyra"}]
    monsters = [{"monster": "orcs"}, {"monster": "orcs"}, {"monster": "skeletons"}, {"monster": "wargs"}]
    record = {"format": "pyrules-fight", "version": 1, "system": "citadel-of-blood", "seed": 3,
              "hero": {"party": party}, "enemies": monsters, "actions": []}  # fmt: skip
    context = browser.new_context(locale="ru-RU", service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url + "#f=" + share.encode(record))
        heading = page.locator("#fight-heading")
        expect(heading).to_have_text("Альмурик, Rolf и Elyra — Орки ×2, Скелеты и Варги", timeout=120_000)
        for code, title in [("en", "Almuric, Rolf and Elyra vs Orcs ×2, Skeletons and Wargs"),
                            ("es", "Almuric, Rolf y Elyra contra Orcos ×2, Esqueletos y Wargos")]:  # fmt: skip
            page.locator("#language").select_option(code)
            expect(page.locator("html")).to_have_attribute("lang", code)
            expect(heading).to_have_text(title)
    finally:
        context.close()


def test_the_installed_apps_name_follows_the_language(page, base_url):
    """Each language with the manifest's words in its folder (manifest.json) has its own manifest, which the page
    links while it is in that language: an app installed then is named and described in it."""
    link = page.locator('link[rel="manifest"]')
    expect(link).to_have_attribute("href", "manifest.webmanifest")
    page.locator("#language").select_option("es")
    expect(link).to_have_attribute("href", "manifest.es.webmanifest")
    spanish = page.evaluate("async () => (await fetch('manifest.es.webmanifest')).json()")
    english = page.evaluate("async () => (await fetch('manifest.webmanifest')).json()")
    assert spanish["lang"] == "es" and spanish["name"] == "pyrules: combates de librojuegos"
    assert {key: spanish[key] for key in english if key not in ("name", "description", "lang")} == {
        key: english[key] for key in english if key not in ("name", "description", "lang")
    }  # the same app: its start, scope, icons and colours
    page.locator("#language").select_option("en")
    expect(link).to_have_attribute("href", "manifest.webmanifest")


def test_a_fight_saved_in_russian_is_listed_in_english_with_the_books_hero_in_english(page):
    """A fight saved in Russian, its hero unnamed, listed once the page is in English: the book's own hero in English
    ("Hero", it stayed "Герой": the list kept the summary the rules made in Russian). The enemies' names stay as the
    record keeps them, typed ("Гоблин") or filled by the rules in the language of the day ("Враг 2"): a record keeps
    a name as text, and cannot tell a default from one the player typed."""
    page.locator("#language").select_option("ru")
    page.locator("#books input[value='fighting-fantasy']").check()
    for key, value in {"hero-skill": 12, "hero-stamina": 20, "hero-luck": 9, "enemy-0-name": "Гоблин",
                       "enemy-0-skill": 5, "enemy-0-stamina": 5}.items():  # fmt: skip
        page.locator(f"#{key}").fill(str(value))
    page.locator("#add-enemy").click()
    page.locator("#enemy-1-skill").fill("6")
    page.locator("#enemy-1-stamina").fill("6")
    page.locator("#start").click()
    page.locator("#fight-round").click()
    expect(page.locator("#ff-log li")).not_to_have_count(0)
    page.locator("#new-fight").click()
    listed = page.locator("#saves .save-name")
    expect(listed).to_have_text(["Герой — Гоблин и Враг 2"])
    page.locator("#language").select_option("en")
    expect(listed).to_have_text(["Hero vs Гоблин and Враг 2"])
    expect(page.locator("#saves .adventure-title")).to_have_text(["Unnamed hero · Dungeons of the Black Castle"])
