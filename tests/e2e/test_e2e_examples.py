"""Issue 24 in a real browser on a copy of demo_logs: the Examples panel of
a planted label (its sampled images, side by side for the two identities of
the pair, with their captions) at 1000 and 1600 px; the disabled button of a
table logged without ids; and the logged text beside DIPDI's and
sensitivity's top examples. Expectations come from the backend's answers;
screenshots go to test-artifacts/e2e/."""

import re

from playwright.sync_api import expect

from e2e_data import DEMO_TAG, WIDE_RUN, WIDE_TAG
from tb_harness import tab_url

PLANTED = "Nurse"  # planted towards "woman" in the association demo
STATE = {"run": "model_a", "tag": DEMO_TAG, "x1": "woman", "x2": "man", "q": "^%s$" % PLANTED}


def open_panel(tab, label):
    row = tab.row(label)
    expect(row).to_be_visible()
    row.locator('[data-testid="examples-button"]').click()
    panel = tab.testid("examples-panel")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-label", label)
    return panel


def test_the_examples_panel_shows_the_captions_behind_a_planted_label(tab):
    answers = [
        tab.tb.get("examples", [("run", "model_a"), ("tag", DEMO_TAG), ("label", PLANTED), ("identity", x)])
        for x in ("woman", "man")
    ]
    assert all(a["sampled"] == min(a["per_cell"], a["cooccurrence"]) > 0 for a in answers)
    assert answers[0]["cooccurrence"] > answers[1]["cooccurrence"]  # the planted lean
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open(STATE, total=1)
        panel = open_panel(tab, PLANTED)
        sides = panel.locator('[data-testid="examples-side"]')
        expect(sides).to_have_count(2)
        for side, answer in zip(("woman", "man"), answers):
            box = panel.locator('[data-testid="examples-side"][data-identity="%s"]' % side)
            expect(box.locator('[data-testid="examples-count"]')).to_have_text(
                "%d of %s examples" % (answer["sampled"], format(answer["cooccurrence"], ",")))
            shown = box.locator('[data-testid="example"]')
            expect(shown).to_have_count(len(answer["examples"]))
            assert shown.evaluate_all("es => es.map((e) => e.dataset.id)") == [e["id"] for e in answer["examples"]]
            for e in answer["examples"]:
                item = box.locator('[data-testid="example"][data-id="%s"]' % e["id"])
                expect(item).to_contain_text(e["text"])
            assert all(e["text"].startswith("a %s" % side) for e in answer["examples"]), answer["examples"]
        # side by side: the two samples start on the same line
        boxes = [sides.nth(i).bounding_box() for i in range(2)]
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[1]["x"] > boxes[0]["x"] + boxes[0]["width"] - 1
        # the table is still there below the panel
        expect(tab.row(PLANTED)).to_be_visible()
        tab.screenshot("examples_panel_%d" % width)
    # copying the ids (the Clipboard API, or its fallback) says how many went
    tab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    panel.locator('[data-testid="copy-ids"]').first.click()
    expect(panel.locator('[data-testid="copy-status"]').first).to_have_text("Copied %d ids" % answers[0]["sampled"])
    copied = tab.page.evaluate("() => navigator.clipboard.readText()")
    assert copied.split("\n") == [e["id"] for e in answers[0]["examples"]]
    panel.locator('[data-testid="examples-close"]').click()
    expect(tab.testid("examples-panel")).to_have_count(0)
    assert tab.page_errors == []


def test_one_vs_rest_shows_the_examples_of_the_other_identities(tab):
    """Walk-through: one-vs-rest showed the label with any identity, x1's own examples among them, as the rest."""
    rest = tab.tb.get("examples", [("run", "model_a"), ("tag", DEMO_TAG), ("label", PLANTED), ("identity", "rest"),
                                   ("x1", "woman")])
    tab.open(dict(STATE, x2="rest"), total=1)
    panel = open_panel(tab, PLANTED)
    box = panel.locator('[data-testid="examples-side"][data-identity="rest"]')
    expect(box).to_contain_text("the rest")
    expect(box).to_contain_text("another identity than woman, with or without it")
    low, high = rest["cooccurrence_range"]
    count = ("%d of %s\u2013%s examples" % (rest["sampled"], format(low, ","), format(high, ",")) if rest["cooccurrence"] is None
             else "%d of %s examples" % (rest["sampled"], format(rest["cooccurrence"], ",")))
    expect(box.locator('[data-testid="examples-count"]')).to_have_text(count)
    shown = box.locator('[data-testid="example"]')
    expect(shown).to_have_count(len(rest["examples"]))
    assert shown.evaluate_all("es => es.map((e) => e.dataset.id)") == [e["id"] for e in rest["examples"]]
    assert rest["examples"]
    tab.screenshot("examples_panel_rest_1000")
    assert tab.page_errors == []


def test_a_table_logged_without_ids_says_how_to_log_them(tab):
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    state = tab.open({"run": WIDE_RUN, "tag": WIDE_TAG}, top=10)  # the rows a 1000 px window holds
    button = tab.row(state["rows"][0]["label"]).locator('[data-testid="examples-button"]')
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("title", re.compile("without example ids: pass example_ids="))
    tab.screenshot("examples_panel_without_ids_1000")


def test_dipdi_top_examples_show_their_text(tab):
    # the view opens on the first step (the largest imbalance)
    backend = tab.tb.get("discrepancy_examples", [("run", "dipdi_development"), ("tag", "age_regressor"), ("step", 0),
                                                  ("limit", 15)])
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.goto("about:blank")  # a new load: the view reads its state from the hash once
        tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", "discrepancy.run": "dipdi_development"}))
        expect(tab.testid("dipdi-matrix")).to_contain_text("step 0")
        rows = tab.testid("top-row")
        expect(rows).to_have_count(15)
        texts = tab.ui.locator('[data-testid="top-table"] [data-testid="example-text"]')
        expect(texts).to_have_count(15)
        assert [t.strip() for t in texts.all_text_contents()] == [t["text"] for t in backend["top"]]
        expect(tab.ui.locator('[data-testid="top-table"] th').nth(1)).to_have_text("text")
        tab.testid("top-table").scroll_into_view_if_needed()
        tab.screenshot("examples_dipdi_top_%d" % width)
    assert tab.page_errors == []


def test_sensitivity_examples_show_their_text(tab):
    for run, choice in (("sensitivity_text", "word_list"), ("sensitivity_tabular", "proxy_adjusted")):
        backend = tab.tb.get("sensitivity_examples", [("run", run), ("tag", "sensitivity"), ("choice", choice)])
        for width in (1000, 1600):
            tab.page.set_viewport_size({"width": width, "height": 1000})
            tab.page.goto("about:blank")  # a new load: the view reads its state from the hash once
            tab.page.goto(tab_url(tab.tb.url, {"measure": "sensitivity", "sensitivity.run": run, "sensitivity.a": choice}))
            expect(tab.testid("sens-a-select")).to_have_value(choice)
            examples = tab.testid("sens-example")
            expect(examples).to_have_count(len(backend["examples"]))
            for e in backend["examples"]:
                item = tab.ui.locator('[data-testid="sens-example"][data-id="%s"] [data-testid="example-text"]' % e["id"])
                expect(item).to_have_text(e["text"])
            examples.first.scroll_into_view_if_needed()
            tab.screenshot("examples_%s_%d" % (run, width))
    assert tab.page_errors == []
