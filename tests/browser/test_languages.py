"""The languages come from one list (pyrules/locales/languages.json): the page's switch offers them in its order, by
their names in themselves, the browser's language chooses the first time, and the page's plural forms
(Intl.PluralRules) are the list's rules, which the rules (Python) follow."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

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
