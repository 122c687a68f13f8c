"""The web editor's own words (its buttons, headings, help and messages), translated in the
same pipeline as the server's.

Each entry is ``pgettext_lazy(KEY, ENGLISH)``: the context is the key the editor's code asks
for (``t("ed.save")``), the message is the English, and the Chinese is in this app's zh-Hans
catalog (``baohuang/editor/locale/zh_Hans/LC_MESSAGES/django.po``) beside the server's
strings: one translator edits one catalog, and ``tests/test_translations.py`` checks it
complete. ``make types`` writes every entry in both languages to
``frontend/src/generated/messages.ts`` (:func:`baohuang.editor.schemas.editor_messages`),
which ``frontend/src/lib/i18n.tsx`` reads. ``{name}`` marks a value the editor fills in.

To add a string: add an entry here, run ``python tests/test_translations.py editor``,
write its Chinese in the catalog, then ``make types``.
"""

# ruff: noqa: E501

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

#: Every string of the editor by its key, in the order the editor's catalog lists them.
MESSAGES: dict[str, Promise] = {
    # app
    "app.title": pgettext_lazy("app.title", "Baohuang rule editor"),
    "app.lang": pgettext_lazy("app.lang", "中文"),
    "app.logout": pgettext_lazy("app.logout", "Log out"),
    "app.help": pgettext_lazy("app.help", "Help"),
    "app.loading": pgettext_lazy("app.loading", "Loading…"),
    "app.back": pgettext_lazy("app.back", "← Rule sets"),
    "app.error": pgettext_lazy("app.error", "Something went wrong"),
    "app.retry": pgettext_lazy("app.retry", "Retry"),
    # list
    "list.title": pgettext_lazy("list.title", "Rule sets"),
    "list.slug": pgettext_lazy("list.slug", "Id"),
    "list.name": pgettext_lazy("list.name", "Name"),
    "list.status": pgettext_lazy("list.status", "Status"),
    "list.latest": pgettext_lazy("list.latest", "Latest version"),
    "list.open": pgettext_lazy("list.open", "Edit"),
    "list.empty": pgettext_lazy(
        "list.empty", "No rule sets yet. Import them in the admin (import_variants)."
    ),
    "list.filter": pgettext_lazy("list.filter", "Filter…"),
    "list.new": pgettext_lazy("list.new", "New rule set"),
    "list.clone": pgettext_lazy("list.clone", "Clone…"),
    "list.basedOn": pgettext_lazy("list.basedOn", "from {slug} v{n}"),
    "new.title": pgettext_lazy("new.title", "New rule set"),
    "new.slug": pgettext_lazy("new.slug", "Id (lower-case letters, digits, -)"),
    "new.slug.auto": pgettext_lazy(
        "new.slug.auto", "made from the Chinese name (pinyin); you may edit it"
    ),
    "new.zh": pgettext_lazy("new.zh", "Chinese name"),
    "new.en": pgettext_lazy("new.en", "English name"),
    "new.from": pgettext_lazy("new.from", "Start from"),
    "new.scratch": pgettext_lazy("new.scratch", "scratch (standard scoring)"),
    "new.version": pgettext_lazy("new.version", "Version"),
    "new.create": pgettext_lazy("new.create", "Create"),
    "new.cancel": pgettext_lazy("new.cancel", "Cancel"),
    "new.creating": pgettext_lazy("new.creating", "Creating…"),
    "status.published": pgettext_lazy("status.published", "published"),
    "status.changed": pgettext_lazy("status.changed", "draft changed"),
    "status.unpublished": pgettext_lazy("status.unpublished", "never published"),
    "status.unknown": pgettext_lazy("status.unknown", "—"),
    # editor
    "ed.tab.rules": pgettext_lazy("ed.tab.rules", "Rules"),
    "ed.tab.raw": pgettext_lazy("ed.tab.raw", "YAML / JSON"),
    "ed.tab.diff": pgettext_lazy("ed.tab.diff", "Diff vs published"),
    "ed.tab.check": pgettext_lazy("ed.tab.check", "Play checker"),
    "ed.tab.sim": pgettext_lazy("ed.tab.sim", "Simulation"),
    "ed.tab.rulebook": pgettext_lazy("ed.tab.rulebook", "Rulebook"),
    "ed.save": pgettext_lazy("ed.save", "Save draft"),
    "ed.saving": pgettext_lazy("ed.saving", "Saving…"),
    "ed.saved": pgettext_lazy("ed.saved", "Draft saved"),
    "ed.unsaved": pgettext_lazy("ed.unsaved", "Unsaved changes"),
    "ed.nochanges": pgettext_lazy("ed.nochanges", "No unsaved changes"),
    "ed.publish": pgettext_lazy("ed.publish", "Publish"),
    "ed.publishing": pgettext_lazy("ed.publishing", "Publishing…"),
    "ed.published": pgettext_lazy("ed.published", "Published as version {n}"),
    "ed.publish.confirm": pgettext_lazy(
        "ed.publish.confirm", "Publish the draft as a new version? Published versions never change."
    ),
    "ed.publish.title": pgettext_lazy("ed.publish.title", "Publish?"),
    "ed.publish.first": pgettext_lazy("ed.publish.first", "This will be the first version."),
    "ed.publish.go": pgettext_lazy("ed.publish.go", "Publish now"),
    "ed.publish.cancel": pgettext_lazy("ed.publish.cancel", "Cancel"),
    "ed.publish.saveFirst": pgettext_lazy(
        "ed.publish.saveFirst", "Save the draft before publishing."
    ),
    "ed.publish.invalid": pgettext_lazy(
        "ed.publish.invalid", "The draft has errors; it cannot be published."
    ),
    "ed.revision": pgettext_lazy("ed.revision", "draft revision {n}"),
    "ed.version": pgettext_lazy("ed.version", "latest published: v{n}"),
    "ed.noversion": pgettext_lazy("ed.noversion", "not published yet"),
    "ed.conflict.title": pgettext_lazy("ed.conflict.title", "Someone else changed this draft"),
    "ed.conflict.body": pgettext_lazy(
        "ed.conflict.body",
        "The draft was saved by someone else after you opened it. Your edits are still here (and backed up in this browser).",
    ),
    "ed.conflict.reload": pgettext_lazy(
        "ed.conflict.reload", "Load their version (discard my edits)"
    ),
    "ed.conflict.overwrite": pgettext_lazy("ed.conflict.overwrite", "Overwrite with my edits"),
    "ed.conflict.changes": pgettext_lazy("ed.conflict.changes", "Their version vs my edits"),
    "ed.restore.title": pgettext_lazy(
        "ed.restore.title", "This browser holds unsaved edits of this draft"
    ),
    "ed.restore.apply": pgettext_lazy("ed.restore.apply", "Restore my edits"),
    "ed.restore.discard": pgettext_lazy("ed.restore.discard", "Discard"),
    "ed.leave": pgettext_lazy("ed.leave", "You have unsaved changes. Leave anyway?"),
    "ed.sections": pgettext_lazy("ed.sections", "Sections"),
    # validation
    "val.checking": pgettext_lazy("val.checking", "Checking…"),
    "val.ok": pgettext_lazy("val.ok", "Valid"),
    "val.errors": pgettext_lazy("val.errors", "{n} error(s)"),
    "val.warnings": pgettext_lazy("val.warnings", "{n} warning(s)"),
    "val.summary": pgettext_lazy("val.summary", "Other problems"),
    "val.pinned": pgettext_lazy("val.pinned", "Problems shown at their fields:"),
    "val.unreachable": pgettext_lazy("val.unreachable", "Cannot check (validation unavailable)"),
    # sections
    "sec.general": pgettext_lazy("sec.general", "General"),
    "sec.deck": pgettext_lazy("sec.deck", "Deck"),
    "sec.deal": pgettext_lazy("sec.deal", "Deal"),
    "sec.bidding": pgettext_lazy("sec.bidding", "Bidding"),
    "sec.declarations": pgettext_lazy("sec.declarations", "Declarations"),
    "sec.play": pgettext_lazy("sec.play", "Play"),
    "sec.end": pgettext_lazy("sec.end", "End"),
    "sec.scoring": pgettext_lazy("sec.scoring", "Scoring"),
    "sec.tribute": pgettext_lazy("sec.tribute", "Tribute"),
    # general
    "f.notes.add": pgettext_lazy("f.notes.add", "Add a note"),
    "f.house_notes.help": pgettext_lazy(
        "f.house_notes.help", "For the players: in the game's terms, no field names."
    ),
    "f.house_notes.add": pgettext_lazy("f.house_notes.add", "Add a house note"),
    # deck
    "f.trims.help": pgettext_lazy(
        "f.trims.help",
        "Click a suit cell to take out one more card of that suit (from 0 it puts them back); “all” removes every card of the rank; “random” removes that many at random each deal.",
    ),
    "f.rank": pgettext_lazy("f.rank", "Rank"),
    "f.all": pgettext_lazy("f.all", "all"),
    "f.random": pgettext_lazy("f.random", "random"),
    "f.left": pgettext_lazy("f.left", "left"),
    "f.deckSize": pgettext_lazy("f.deckSize", "deck {n} cards"),
    "f.handSum": pgettext_lazy("f.handSum", "hands {n} cards"),
    "f.mismatch": pgettext_lazy("f.mismatch", "hand sizes do not add up to the deck"),
    "f.guard_card.none": pgettext_lazy("f.guard_card.none", "none (called guard)"),
    # what an empty optional number means (shown in the empty input)
    "empty.noLimit": pgettext_lazy("empty.noLimit", "no limit"),
    "empty.noCap": pgettext_lazy("empty.noCap", "no cap"),
    "empty.neverLocks": pgettext_lazy("empty.neverLocks", "never"),
    # deal
    "f.seat": pgettext_lazy("f.seat", "Seat {n}"),
    "f.split": pgettext_lazy("f.split", "Split evenly"),
    # bidding
    "f.flow.help": pgettext_lazy("f.flow.help", "Drag, or use ↑ ↓, to reorder the steps."),
    "f.flow.add": pgettext_lazy("f.flow.add", "Add a step"),
    "f.up": pgettext_lazy("f.up", "Move up"),
    "f.down": pgettext_lazy("f.down", "Move down"),
    "f.remove": pgettext_lazy("f.remove", "Remove"),
    "f.add": pgettext_lazy("f.add", "Add"),
    "step.grab_solo": pgettext_lazy("step.grab_solo", "Grab solo"),
    "step.offer_throne": pgettext_lazy("step.offer_throne", "Ascend or abdicate"),
    "step.redeal": pgettext_lazy("step.redeal", "Redeal"),
    "step.forfeit": pgettext_lazy("step.forfeit", "Nobody ascends: forfeit"),
    "step.void": pgettext_lazy("step.void", "Nobody ascends: void deal (0 for all)"),
    # declarations
    "declareTiming.after_guard": pgettext_lazy(
        "declareTiming.after_guard", "after the guard has chosen"
    ),
    "declareTiming.with_guard": pgettext_lazy(
        "declareTiming.with_guard", "at the same time as the guard (unseen)"
    ),
    # play
    "bombBeats.any": pgettext_lazy("bombBeats.any", "any play that is not a bomb"),
    "bombBeats.more_cards": pgettext_lazy(
        "bombBeats.more_cards", "a play that is not a bomb and has fewer cards"
    ),
    "dissolve.no": pgettext_lazy("dissolve.no", "no: the table plays on"),
    "dissolve.scored": pgettext_lazy("dissolve.scored", "dissolved, the game scored"),
    "dissolve.unscored": pgettext_lazy("dissolve.unscored", "dissolved, the game not scored"),
    # end
    # scoring
    "f.two_person.help": pgettext_lazy(
        "f.two_person.help",
        "Rows: emperor's rank; columns: guard's rank. Each cell: emperor / guard / each rebel. Sum = emperor + guard + 3 × rebels, highlighted when not zero.",
    ),
    "f.fill": pgettext_lazy("f.fill", "Fill from formula"),
    "f.fill.help": pgettext_lazy(
        "f.fill.help", "Lianzhong formula: guard = 6 − (e + g), emperor = 2 × guard, rebel = −guard"
    ),
    "f.emperorRank": pgettext_lazy("f.emperorRank", "Emperor {p}"),
    "f.guardRank": pgettext_lazy("f.guardRank", "Guard {p}"),
    "f.sum": pgettext_lazy("f.sum", "sum"),
    "quit_to.nobody": pgettext_lazy("quit_to.nobody", "nobody: only deducted"),
    "quit_to.others": pgettext_lazy("quit_to.others", "shared by the other four"),
    "shut_to.game_ender": pgettext_lazy(
        "shut_to.game_ender", "the player who shut him in (who ended the game)"
    ),
    "shut_to.first": pgettext_lazy("shut_to.first", "the first player out"),
    "shut_to.nobody": pgettext_lazy("shut_to.nobody", "nobody: only deducted"),
    # tribute
    "handed.picked": pgettext_lazy("handed.picked", "each taker picks the best"),
    "handed.in_order": pgettext_lazy("handed.in_order", "in the order given"),
    "deferPassers.answer_again": pgettext_lazy(
        "deferPassers.answer_again", "those who passed may answer"
    ),
    "deferPassers.stay_passed": pgettext_lazy(
        "deferPassers.stay_passed", "those who passed stay passed"
    ),
    "markedOrder.level": pgettext_lazy("markedOrder.level", "level with each other"),
    "markedOrder.guard_higher": pgettext_lazy(
        "markedOrder.guard_higher", "the guard card above the emperor card"
    ),
    "markedOrder.emperor_higher": pgettext_lazy(
        "markedOrder.emperor_higher", "the emperor card above the guard card"
    ),
    "withoutPaidIn.card": pgettext_lazy("withoutPaidIn.card", "gives the usual card"),
    "withoutPaidIn.nothing": pgettext_lazy("withoutPaidIn.nothing", "gives nothing"),
    # roles
    "role.emperor": pgettext_lazy("role.emperor", "Emperor"),
    "role.guard": pgettext_lazy("role.guard", "Guard"),
    "role.rebel": pgettext_lazy("role.rebel", "Rebel"),
    "role.rebels": pgettext_lazy("role.rebels", "Rebels"),
    "role.solo": pgettext_lazy("role.solo", "Solo emperor"),
    # options
    "opt.first_finisher": pgettext_lazy("opt.first_finisher", "previous first finisher"),
    "opt.previous_emperor": pgettext_lazy("opt.previous_emperor", "previous emperor"),
    "opt.fixed": pgettext_lazy("opt.fixed", "fixed seat"),
    "opt.next_seat": pgettext_lazy("opt.next_seat", "the next seat each game"),
    "opt.gift": pgettext_lazy("opt.gift", "given one (送3)"),
    "opt.skip": pgettext_lazy("opt.skip", "goes without"),
    "opt.fixed_card": pgettext_lazy("opt.fixed_card", "fixed guard card (固定保)"),
    "opt.called_card": pgettext_lazy("opt.called_card", "called card (叫侍卫)"),
    "opt.highest": pgettext_lazy("opt.highest", "highest"),
    "opt.free": pgettext_lazy("opt.free", "free choice"),
    "opt.emperor_then_upstream": pgettext_lazy(
        "opt.emperor_then_upstream", "emperor, then nearest upstream"
    ),
    "opt.first_claim": pgettext_lazy("opt.first_claim", "first to claim"),
    "opt.nothing": pgettext_lazy("opt.nothing", "anyone"),
    "opt.four_identical": pgettext_lazy("opt.four_identical", "holder of four identical"),
    "opt.upstream": pgettext_lazy("opt.upstream", "upstream (上家)"),
    "opt.downstream": pgettext_lazy("opt.downstream", "downstream (下家)"),
    "opt.pass_on": pgettext_lazy("opt.pass_on", "pass on as usual"),
    "opt.skip_one": pgettext_lazy("opt.skip_one", "skip one (隔一家)"),
    "opt.must_ascend": pgettext_lazy("opt.must_ascend", "must ascend"),
    "opt.may_decline": pgettext_lazy("opt.may_decline", "may decline; the card moves on"),
    "both.pass_on": pgettext_lazy("both.pass_on", "pass on as usual"),
    "both.skip_one": pgettext_lazy("both.skip_one", "skip one (隔一家)"),
    "both.choice": pgettext_lazy("both.choice", "his choice: as usual or skip one"),
    "opt.pass_direction": pgettext_lazy("opt.pass_direction", "pass direction"),
    "opt.none": pgettext_lazy("opt.none", "none"),
    "opt.two_or_highest": pgettext_lazy("opt.two_or_highest", "a 2, else highest non-joker"),
    "opt.two_or_nothing": pgettext_lazy("opt.two_or_nothing", "a 2, else nothing"),
    "opt.highest_non_joker": pgettext_lazy("opt.highest_non_joker", "highest non-joker"),
    "opt.choice": pgettext_lazy("opt.choice", "guard chooses"),
    "opt.open": pgettext_lazy("opt.open", "always open (明保)"),
    "opt.hidden": pgettext_lazy("opt.hidden", "always hidden (暗保)"),
    "opt.guard_card": pgettext_lazy("opt.guard_card", "the guard card (特画 / 老花)"),
    "opt.emperor_card": pgettext_lazy("opt.emperor_card", "the emperor card"),
    "opt.both_marked": pgettext_lazy("opt.both_marked", "both marked cards"),
    "opt.next_player": pgettext_lazy("opt.next_player", "next player (接风)"),
    "opt.apply": pgettext_lazy("opt.apply", "by application"),
    "opt.all_but_one": pgettext_lazy("opt.all_but_one", "one player left"),
    "opt.one_side_out": pgettext_lazy("opt.one_side_out", "one side all out"),
    "opt.fewest_cards": pgettext_lazy("opt.fewest_cards", "fewest cards first"),
    "opt.play_order": pgettext_lazy("opt.play_order", "play order"),
    "opt.points": pgettext_lazy("opt.points", "emperor's points"),
    "opt.rank_table": pgettext_lazy("opt.rank_table", "rank table"),
    "opt.side_out": pgettext_lazy("opt.side_out", "side out first"),
    "opt.win": pgettext_lazy("opt.win", "win"),
    "opt.draw": pgettext_lazy("opt.draw", "draw"),
    "opt.lose": pgettext_lazy("opt.lose", "lose"),
    "opt.any": pgettext_lazy("opt.any", "any solo"),
    "opt.game_ender": pgettext_lazy("opt.game_ender", "who ended the game"),
    "opt.first": pgettext_lazy("opt.first", "first (头客)"),
    "opt.second": pgettext_lazy("opt.second", "second"),
    "opt.third": pgettext_lazy("opt.third", "third"),
    "opt.fourth": pgettext_lazy("opt.fourth", "fourth (二落)"),
    "opt.fifth": pgettext_lazy("opt.fifth", "fifth (大落)"),
    "opt.emperor": pgettext_lazy("opt.emperor", "emperor"),
    "opt.guard": pgettext_lazy("opt.guard", "guard"),
    "opt.rebels": pgettext_lazy("opt.rebels", "rebels (each)"),
    "opt.others": pgettext_lazy("opt.others", "others (each)"),
    "opt.as_tribute": pgettext_lazy("opt.as_tribute", "as tribute"),
    "opt.most_held": pgettext_lazy("opt.most_held", "most held"),
    "opt.solo.none": pgettext_lazy("opt.solo.none", "not solo"),
    "mark.SJ": pgettext_lazy("mark.SJ", "SJ (sword mark)"),
    "mark.none": pgettext_lazy("mark.none", "none (called guard)"),
    "rank.none": pgettext_lazy("rank.none", "none"),
    "rank.SJ": pgettext_lazy("rank.SJ", "small joker"),
    "rank.BJ": pgettext_lazy("rank.BJ", "big joker"),
    "rank.TOP": pgettext_lazy("rank.TOP", "the card above the big joker"),
    "rank.TOP2": pgettext_lazy("rank.TOP2", "the higher of the two cards above the big joker"),
    "kick.never": pgettext_lazy("kick.never", "never"),
    "pair.any": pgettext_lazy("pair.any", "any"),
    "solo.none": pgettext_lazy("solo.none", "not solo"),
    "solo.any": pgettext_lazy("solo.any", "any solo"),
    "solo.open": pgettext_lazy("solo.open", "open solo"),
    "solo.hidden": pgettext_lazy("solo.hidden", "hidden solo"),
    "gv.any": pgettext_lazy("gv.any", "any"),
    "gv.open": pgettext_lazy("gv.open", "open (明保)"),
    "gv.hidden": pgettext_lazy("gv.hidden", "hidden (暗保)"),
    "oc.": pgettext_lazy("oc.", "—"),
    "oc.any": pgettext_lazy("oc.any", "any"),
    "oc.win": pgettext_lazy("oc.win", "win"),
    "oc.draw": pgettext_lazy("oc.draw", "draw"),
    "oc.lose": pgettext_lazy("oc.lose", "lose"),
    "rate.solo_open": pgettext_lazy("rate.solo_open", "open solo games"),
    "rate.solo_hidden": pgettext_lazy("rate.solo_hidden", "hidden solo games"),
    "rate.solo_grabbed": pgettext_lazy("rate.solo_grabbed", "grabbed solo games"),
    "rate.abdication_games": pgettext_lazy("rate.abdication_games", "games with an abdication"),
    "rate.abdications": pgettext_lazy("rate.abdications", "abdications per game"),
    "rate.redeal_games": pgettext_lazy("rate.redeal_games", "games redealt"),
    "rate.redeals": pgettext_lazy("rate.redeals", "redeals per game"),
    "rate.open_guard": pgettext_lazy("rate.open_guard", "open guard games"),
    "rate.guard_known": pgettext_lazy("rate.guard_known", "guard known games"),
    "rate.rebellion": pgettext_lazy("rate.rebellion", "successful rebellions"),
    "rate.rebels_declared": pgettext_lazy("rate.rebels_declared", "rebels declaring per game"),
    "rate.kick_games": pgettext_lazy("rate.kick_games", "games with a kick"),
    "rate.kicks": pgettext_lazy("rate.kicks", "kicks per game"),
    "rate.forfeit_games": pgettext_lazy("rate.forfeit_games", "games forfeited (nobody ascended)"),
    "rate.void_games": pgettext_lazy("rate.void_games", "void games (nobody ascended)"),
    "rate.plays": pgettext_lazy("rate.plays", "plays per game"),
    "pol.heuristic": pgettext_lazy("pol.heuristic", "heuristic bots"),
    "pol.random": pgettext_lazy("pol.random", "random bots"),
    "pol.mc": pgettext_lazy("pol.mc", "search bots (Monte-Carlo)"),
    "pol.adaptive": pgettext_lazy(
        "pol.adaptive", "players who adapt (bidding and declarations by the scoring)"
    ),
    "ev.open_guard": pgettext_lazy("ev.open_guard", "open guard (明保)"),
    "ev.open_guard_win": pgettext_lazy("ev.open_guard_win", "open guard wins"),
    "ev.rebellion": pgettext_lazy("ev.rebellion", "rebellion (造反)"),
    "ev.kick": pgettext_lazy("ev.kick", "kick (踢, each)"),
    "ev.kick_succeeded": pgettext_lazy("ev.kick_succeeded", "successful kick (the kickers won)"),
    "ev.solo": pgettext_lazy("ev.solo", "solo (独保)"),
    "ev.open_solo": pgettext_lazy("ev.open_solo", "open solo (明独)"),
    "ev.hidden_solo": pgettext_lazy("ev.hidden_solo", "hidden solo (暗独)"),
    "ev.grabbed_solo": pgettext_lazy("ev.grabbed_solo", "grabbed solo (抢独)"),
    "ev.bomb": pgettext_lazy("ev.bomb", "bomb (炸弹)"),
    "ev.rebel_declared": pgettext_lazy("ev.rebel_declared", "rebel declared (亮反, each)"),
    "ev.guard_known": pgettext_lazy("ev.guard_known", "guard known"),
    # diff
    "diff.title": pgettext_lazy("diff.title", "Draft vs the latest published version"),
    "diff.none": pgettext_lazy("diff.none", "The draft is the same as the published version."),
    "diff.nopublished": pgettext_lazy("diff.nopublished", "No published version yet."),
    "diff.path": pgettext_lazy("diff.path", "Path"),
    "diff.before": pgettext_lazy("diff.before", "Published"),
    "diff.after": pgettext_lazy("diff.after", "Draft"),
    "diff.versions": pgettext_lazy("diff.versions", "Compare two published versions"),
    "diff.run": pgettext_lazy("diff.run", "Compare"),
    "diff.count": pgettext_lazy("diff.count", "{n} change(s)"),
    "diff.nochange": pgettext_lazy("diff.nochange", "No changes."),
    "diff.origin": pgettext_lazy(
        "diff.origin", "Against the version it was cloned from (what makes it ours)"
    ),
    # checker
    "chk.title": pgettext_lazy("chk.title", "Play checker: does the second play beat the first?"),
    "chk.previous": pgettext_lazy("chk.previous", "Previous play"),
    "chk.candidate": pgettext_lazy("chk.candidate", "Candidate play"),
    "chk.run": pgettext_lazy("chk.run", "Check"),
    "chk.beats": pgettext_lazy("chk.beats", "beats it"),
    "chk.notbeats": pgettext_lazy("chk.notbeats", "does not beat it"),
    "chk.illegal": pgettext_lazy("chk.illegal", "is not a legal play"),
    "chk.help": pgettext_lazy(
        "chk.help", "Notation: 3–10 J Q K A 2, SJ, BJ, separated by spaces, e.g. “SJ 8 8 8”."
    ),
    "chk.against": pgettext_lazy("chk.against", "Checked against published version {n}"),
    "chk.needversion": pgettext_lazy(
        "chk.needversion", "The checker uses a published version; publish first."
    ),
    # simulation
    "sim.title": pgettext_lazy("sim.title", "Simulate games"),
    "sim.games": pgettext_lazy("sim.games", "Games"),
    "sim.seed": pgettext_lazy("sim.seed", "Seed"),
    "sim.policy": pgettext_lazy("sim.policy", "Policy"),
    "sim.estimate": pgettext_lazy(
        "sim.estimate",
        "Estimated run time: about {time} of one core (less when several workers share it)",
    ),
    "sim.version": pgettext_lazy("sim.version", "Version"),
    "sim.start": pgettext_lazy("sim.start", "Run simulation"),
    "sim.cancel": pgettext_lazy("sim.cancel", "Cancel"),
    "sim.status": pgettext_lazy("sim.status", "Status: {s}"),
    # job statuses (the server's status_text wins; these are for its codes when it is absent)
    "job.queued": pgettext_lazy("job.queued", "queued"),
    "job.running": pgettext_lazy("job.running", "running"),
    "job.succeeded": pgettext_lazy("job.succeeded", "succeeded"),
    "job.failed": pgettext_lazy("job.failed", "failed"),
    "job.cancelled": pgettext_lazy("job.cancelled", "cancelled"),
    "sim.progress": pgettext_lazy("sim.progress", "{done} / {total} games"),
    "sim.failed": pgettext_lazy("sim.failed", "Simulation failed"),
    "sim.missing": pgettext_lazy(
        "sim.missing", "This server has no simulations (/api/v1/simulations/ is missing)."
    ),
    "sim.wdl": pgettext_lazy("sim.wdl", "Win / draw / loss by role"),
    "sim.points": pgettext_lazy("sim.points", "Points histogram"),
    "sim.finish": pgettext_lazy("sim.finish", "Emperor's finish rank"),
    "sim.guardFinish": pgettext_lazy("sim.guardFinish", "Guard's finish rank"),
    "sim.rates": pgettext_lazy("sim.rates", "Other rates"),
    "sim.meanPoints": pgettext_lazy("sim.meanPoints", "Mean points"),
    "sim.compare": pgettext_lazy("sim.compare", "Compare two versions side by side"),
    "sim.compareWith": pgettext_lazy("sim.compareWith", "Compare with version"),
    "sim.run2": pgettext_lazy("sim.run2", "Simulate both"),
    "sim.draft": pgettext_lazy("sim.draft", "draft"),
    "sim.versionN": pgettext_lazy("sim.versionN", "v{n}"),
    "sim.progressLabel": pgettext_lazy("sim.progressLabel", "Progress"),
    "sim.n": pgettext_lazy("sim.n", "n={n}"),
    "path.houseNote": pgettext_lazy("path.houseNote", "house note {n}"),
    "sim.draftRev": pgettext_lazy("sim.draftRev", "draft (revision {n})"),
    "sim.draftNote": pgettext_lazy(
        "sim.draftNote",
        "The draft is simulated as it is when the job starts (no need to publish); that snapshot is kept with the job, so the result can be reproduced later.",
    ),
    "sim.draftUnsaved": pgettext_lazy(
        "sim.draftUnsaved",
        "The saved draft is simulated; this page's unsaved edits are not in it — save first.",
    ),
    "sim.win": pgettext_lazy("sim.win", "win"),
    "sim.draw": pgettext_lazy("sim.draw", "draw"),
    "sim.loss": pgettext_lazy("sim.loss", "loss"),
    "sim.games.done": pgettext_lazy("sim.games.done", "{n} games"),
    # rulebook
    "rb.title": pgettext_lazy("rb.title", "Rulebook"),
    "rb.version": pgettext_lazy("rb.version", "Version"),
    "rb.draft": pgettext_lazy("rb.draft", "draft (saved)"),
    "rb.print": pgettext_lazy("rb.print", "Print"),
    "rb.open": pgettext_lazy("rb.open", "Open in a new window"),
    "rb.loading": pgettext_lazy("rb.loading", "Making the rulebook…"),
    "rb.error": pgettext_lazy("rb.error", "The rulebook could not be made"),
    "rb.unsaved": pgettext_lazy(
        "rb.unsaved", "The rulebook shows the saved draft; unsaved changes are not in it."
    ),
    "rb.noversion": pgettext_lazy(
        "rb.noversion", "No version is published yet, so there is no rulebook."
    ),
    # charts
    "chart.shareOfSeatGames": pgettext_lazy(
        "chart.shareOfSeatGames", "share of the role's seat-games"
    ),
    "chart.shareOfSeatGamesShort": pgettext_lazy("chart.shareOfSeatGamesShort", "share (%)"),
    "chart.shareOfGames": pgettext_lazy("chart.shareOfGames", "share of games (%)"),
    "chart.pointsPerSeatGame": pgettext_lazy("chart.pointsPerSeatGame", "points per seat-game"),
    "chart.finishRank": pgettext_lazy("chart.finishRank", "finish rank"),
    "chart.colourIsRole": pgettext_lazy("chart.colourIsRole", "colour = role"),
    # the comparison view
    "ed.tab.compare": pgettext_lazy("ed.tab.compare", "Compare A / B"),
    "cmp.title": pgettext_lazy("cmp.title", "What does this change do? (paired comparison)"),
    "cmp.intro": pgettext_lazy(
        "cmp.intro",
        "A and B play N games each from the same deal seeds (paired); every figure gets B − A with its 95% interval.",
    ),
    "cmp.what": pgettext_lazy("cmp.what", "Compare"),
    "cmp.mode.draft": pgettext_lazy("cmp.mode.draft", "the draft (as edited here) against v{n}"),
    "cmp.mode.versions": pgettext_lazy("cmp.mode.versions", "two published versions"),
    "cmp.mode.origin": pgettext_lazy(
        "cmp.mode.origin", "the draft against its origin, {slug} v{n} (no need to publish)"
    ),
    "cmp.fromOrigin": pgettext_lazy(
        "cmp.fromOrigin", "Simulate these changes (against the origin)"
    ),
    "cmp.mode.other": pgettext_lazy(
        "cmp.mode.other", "the draft against another published rule set"
    ),
    "cmp.otherVariant": pgettext_lazy("cmp.otherVariant", "A: rule set"),
    "cmp.otherVersion": pgettext_lazy("cmp.otherVersion", "version (empty = latest)"),
    "cmp.unpublished": pgettext_lazy(
        "cmp.unpublished",
        "This rule set is not published yet: the comparison uses the draft as it is when the job starts, kept with the job.",
    ),
    "cmp.games.label": pgettext_lazy("cmp.games.label", "Game pairs"),
    "cmp.start": pgettext_lazy("cmp.start", "Run comparison"),
    "cmp.unsavedIncluded": pgettext_lazy("cmp.unsavedIncluded", "Unsaved edits are included in B."),
    "cmp.sameVersion": pgettext_lazy("cmp.sameVersion", "Choose two different versions."),
    "cmp.jobLine": pgettext_lazy(
        "cmp.jobLine", "A = {a}, B = {b}, {games} game pairs, seed {seed}"
    ),
    "cmp.games": pgettext_lazy("cmp.games", "{n} game pairs"),
    "cmp.players": pgettext_lazy("cmp.players", "Players: {players}"),
    "cmp.playersAdapt": pgettext_lazy(
        "cmp.playersAdapt",
        "These players adapt their bidding and declarations to the scoring: both sides were played, and the differences include how they adapted.",
    ),
    "cmp.nSignificant": pgettext_lazy(
        "cmp.nSignificant", "{n} differences are significant (the 95% interval excludes 0)"
    ),
    "cmp.noneSignificant": pgettext_lazy("cmp.noneSignificant", "no significant difference"),
    "cmp.pt": pgettext_lazy("cmp.pt", "pt"),
    "cmp.power.rate": pgettext_lazy(
        "cmp.power.rate", "To detect ±{size} point of {metric} you need about {n} games"
    ),
    "cmp.power.points": pgettext_lazy(
        "cmp.power.points", "To detect ±{size} of {metric} you need about {n} games"
    ),
    "cmp.power.money": pgettext_lazy(
        "cmp.power.money", "To detect ±{size} of {metric} you need about {n} games"
    ),
    "cmp.power.plays": pgettext_lazy(
        "cmp.power.plays", "To detect ±{size} of {metric} you need about {n} games"
    ),
    "cmp.powerCell": pgettext_lazy("cmp.powerCell", "≈ {n} games"),
    "cmp.powerEnough": pgettext_lazy("cmp.powerEnough", "this run had enough"),
    "cmp.unchanged": pgettext_lazy("cmp.unchanged", "unchanged"),
    "cmp.powerDone.rate": pgettext_lazy(
        "cmp.powerDone.rate", "These {n} games can detect about ±{size} point of {metric}"
    ),
    "cmp.powerDone.points": pgettext_lazy(
        "cmp.powerDone.points", "These {n} games can detect about ±{size} of {metric}"
    ),
    "cmp.powerDone.money": pgettext_lazy(
        "cmp.powerDone.money", "These {n} games can detect about ±{size} of {metric}"
    ),
    "cmp.powerDone.plays": pgettext_lazy(
        "cmp.powerDone.plays", "These {n} games can detect about ±{size} of {metric}"
    ),
    "cmp.powerNote": pgettext_lazy(
        "cmp.powerNote",
        "“Games needed”: game pairs to detect ±1 point of a rate, ±0.1 points or ±1 play at 95% confidence with 80% power, from the variance observed here.",
    ),
    "cmp.chart.win": pgettext_lazy("cmp.chart.win", "Win rate by role: A and B"),
    "cmp.chart.points": pgettext_lazy("cmp.chart.points", "Mean points by role: A and B"),
    "cmp.chart.diffWin": pgettext_lazy("cmp.chart.diffWin", "Win rate, B − A (95% interval)"),
    "cmp.chart.diffPoints": pgettext_lazy(
        "cmp.chart.diffPoints", "Mean points, B − A (95% interval)"
    ),
    "cmp.axis.winRate": pgettext_lazy("cmp.axis.winRate", "win rate (%)"),
    "cmp.axis.points": pgettext_lazy("cmp.axis.points", "mean points"),
    "cmp.axis.diffPt": pgettext_lazy("cmp.axis.diffPt", "B − A (percentage points)"),
    "cmp.axis.diffPoints": pgettext_lazy("cmp.axis.diffPoints", "B − A (mean points)"),
    "cmp.detail": pgettext_lazy("cmp.detail", "Show finish ranks and money"),
    "cmp.sigKey": pgettext_lazy("cmp.sigKey", "= significant difference"),
    "cmp.col.metric": pgettext_lazy("cmp.col.metric", "Metric"),
    "cmp.col.ci": pgettext_lazy("cmp.col.ci", "95% interval"),
    "cmp.col.power": pgettext_lazy("cmp.col.power", "Games needed"),
    "cmp.col.method": pgettext_lazy("cmp.col.method", "Method"),
    "cmp.group.emperor": pgettext_lazy("cmp.group.emperor", "Emperor (with a guard)"),
    "cmp.group.guard": pgettext_lazy("cmp.group.guard", "Guard"),
    "cmp.group.rebel": pgettext_lazy("cmp.group.rebel", "Rebel"),
    "cmp.group.solo": pgettext_lazy("cmp.group.solo", "Solo emperor"),
    "cmp.group.sides": pgettext_lazy("cmp.group.sides", "The two sides, per seat"),
    "cmp.group.game": pgettext_lazy("cmp.group.game", "Per game"),
    "cmp.label": pgettext_lazy("cmp.label", "{role} {measure}"),
    "cmp.r.emperor": pgettext_lazy("cmp.r.emperor", "emperor"),
    "cmp.r.guard": pgettext_lazy("cmp.r.guard", "guard"),
    "cmp.r.rebel": pgettext_lazy("cmp.r.rebel", "rebel"),
    "cmp.r.solo": pgettext_lazy("cmp.r.solo", "solo emperor"),
    "cmp.r.royal_side": pgettext_lazy("cmp.r.royal_side", "royal side"),
    "cmp.r.rebel_side": pgettext_lazy("cmp.r.rebel_side", "rebel side"),
    "cmp.r.seat0": pgettext_lazy("cmp.r.seat0", "seat 0"),
    "cmp.m.win_rate": pgettext_lazy("cmp.m.win_rate", "win rate"),
    "cmp.m.draw_rate": pgettext_lazy("cmp.m.draw_rate", "draw rate"),
    "cmp.m.loss_rate": pgettext_lazy("cmp.m.loss_rate", "loss rate"),
    "cmp.m.points": pgettext_lazy("cmp.m.points", "mean points"),
    "cmp.m.money": pgettext_lazy("cmp.m.money", "mean money"),
    "cmp.m.rank_1": pgettext_lazy("cmp.m.rank_1", "1st out"),
    "cmp.m.rank_2": pgettext_lazy("cmp.m.rank_2", "2nd out"),
    "cmp.m.rank_3": pgettext_lazy("cmp.m.rank_3", "3rd out"),
    "cmp.m.rank_4": pgettext_lazy("cmp.m.rank_4", "4th out"),
    "cmp.m.rank_5": pgettext_lazy("cmp.m.rank_5", "5th out"),
    "cmp.m.points_per_seat": pgettext_lazy("cmp.m.points_per_seat", "points per seat"),
    "cmp.m.solo_open_rate": pgettext_lazy("cmp.m.solo_open_rate", "open solo rate"),
    "cmp.m.solo_hidden_rate": pgettext_lazy("cmp.m.solo_hidden_rate", "hidden solo rate"),
    "cmp.m.solo_grabbed_rate": pgettext_lazy("cmp.m.solo_grabbed_rate", "grabbed solo rate"),
    "cmp.m.abdication_rate": pgettext_lazy("cmp.m.abdication_rate", "abdication rate"),
    "cmp.m.redeal_rate": pgettext_lazy("cmp.m.redeal_rate", "redeal rate"),
    "cmp.m.open_guard_rate": pgettext_lazy("cmp.m.open_guard_rate", "open guard rate"),
    "cmp.m.guard_known_rate": pgettext_lazy("cmp.m.guard_known_rate", "guard-known rate"),
    "cmp.m.rebellion_rate": pgettext_lazy("cmp.m.rebellion_rate", "rebellion rate"),
    "cmp.m.kick_rate": pgettext_lazy("cmp.m.kick_rate", "kick rate"),
    "cmp.m.score_changed_rate": pgettext_lazy(
        "cmp.m.score_changed_rate", "games whose score changed"
    ),
    "cmp.m.plays_per_game": pgettext_lazy("cmp.m.plays_per_game", "plays per game"),
    "cmp.m.royal_side_minus_rebel_side.points_per_seat": pgettext_lazy(
        "cmp.m.royal_side_minus_rebel_side.points_per_seat", "royal minus rebel side (per seat)"
    ),
    "cmp.method.pairedT": pgettext_lazy(
        "cmp.method.pairedT", "paired t on per-game differences (same deal seeds)"
    ),
    "cmp.method.ratio": pgettext_lazy(
        "cmp.method.ratio",
        "paired ratio, game as the unit (delta method, t interval; same deal seeds)",
    ),
    "cmp.method.sides": pgettext_lazy(
        "cmp.method.sides",
        "paired within games: royal vs rebel side (game as the unit, delta method, t interval)",
    ),
    "cmp.method.oneSample": pgettext_lazy(
        "cmp.method.oneSample", "one-sample normal interval of the emperor's mean points"
    ),
    "cmp.method.none": pgettext_lazy(
        "cmp.method.none", "no estimate: the metric did not occur in both (or fewer than 2 games)"
    ),
    "cmp.method.identical": pgettext_lazy(
        "cmp.method.identical", "; identical games, scored twice"
    ),
    "cmp.method.pairedT.short": pgettext_lazy("cmp.method.pairedT.short", "paired t"),
    "cmp.method.ratio.short": pgettext_lazy("cmp.method.ratio.short", "paired ratio (delta)"),
    "cmp.method.sides.short": pgettext_lazy("cmp.method.sides.short", "sides within games"),
    "cmp.method.oneSample.short": pgettext_lazy("cmp.method.oneSample.short", "one-sample"),
    "cmp.method.none.short": pgettext_lazy("cmp.method.none.short", "no estimate"),
    "cmp.method.other.short": pgettext_lazy("cmp.method.other.short", "see note"),
    "cmp.methodNote": pgettext_lazy(
        "cmp.methodNote",
        "Methods: “paired t” — a t interval on per-game differences (figures counted once per game); “paired ratio” — a rate or mean over seats, its variance by the delta method with the game as the unit, t interval. Both sides use the same deal seeds (common random numbers). Hover a method for the full sentence.",
    ),
    "cmp.pairing.identical": pgettext_lazy(
        "cmp.pairing.identical", "identical games: simulated once, scored by A and by B"
    ),
    "cmp.pairing.deck": pgettext_lazy(
        "cmp.pairing.deck",
        "same deal seeds but different decks: the pairs are only approximately paired (the intervals stay valid, they are wider)",
    ),
    "cmp.pairing.same": pgettext_lazy(
        "cmp.pairing.same", "same deal seeds and the same deck: each pair starts from the same deal"
    ),
    "cmp.fromSim": pgettext_lazy(
        "cmp.fromSim", "Compare two versions on the same deal seeds (paired) →"
    ),
    "cmp.fromDiff": pgettext_lazy("cmp.fromDiff", "Simulate this change (paired comparison) →"),
    "job.status.queued": pgettext_lazy("job.status.queued", "queued"),
    "job.status.running": pgettext_lazy("job.status.running", "running"),
    "job.status.succeeded": pgettext_lazy("job.status.succeeded", "succeeded"),
    "job.status.failed": pgettext_lazy("job.status.failed", "failed"),
    "job.status.cancelled": pgettext_lazy("job.status.cancelled", "cancelled"),
    # job history
    "hist.title": pgettext_lazy("hist.title", "Simulations and comparisons of this rule set"),
    "hist.empty": pgettext_lazy("hist.empty", "None yet."),
    "hist.when": pgettext_lazy("hist.when", "When"),
    "hist.kind": pgettext_lazy("hist.kind", "Kind"),
    "hist.what": pgettext_lazy("hist.what", "What"),
    "hist.status": pgettext_lazy("hist.status", "Status"),
    "hist.open": pgettext_lazy("hist.open", "Open"),
    "hist.shown": pgettext_lazy("hist.shown", "shown"),
    "hist.kind.simulation": pgettext_lazy("hist.kind.simulation", "simulation"),
    "hist.kind.comparison": pgettext_lazy("hist.kind.comparison", "comparison"),
    "hist.games": pgettext_lazy("hist.games", "Games"),
    # scoring calculator
    "calc.title": pgettext_lazy("calc.title", "Scoring calculator"),
    "calc.intro": pgettext_lazy(
        "calc.intro",
        "Pick the roles, the finish order and the events of a game: who gets what (scored by the server under v{v}).",
    ),
    "calc.seat": pgettext_lazy("calc.seat", "seat {n}"),
    "calc.noGuard": pgettext_lazy("calc.noGuard", "none (solo)"),
    "calc.solo": pgettext_lazy("calc.solo", "Solo"),
    "calc.place": pgettext_lazy("calc.place", "{n}. out"),
    "calc.seatCol": pgettext_lazy("calc.seatCol", "Seat"),
    "calc.placeCol": pgettext_lazy("calc.placeCol", "Place"),
    "calc.base": pgettext_lazy("calc.base", "Base points"),
    "calc.points": pgettext_lazy("calc.points", "Points"),
    "calc.money": pgettext_lazy("calc.money", "Money"),
    "calc.multiplier": pgettext_lazy("calc.multiplier", "multiplier ×{n}"),
    "calc.outcome.win": pgettext_lazy("calc.outcome.win", "The royals win"),
    "calc.outcome.draw": pgettext_lazy("calc.outcome.draw", "A draw"),
    "calc.outcome.lose": pgettext_lazy("calc.outcome.lose", "The royals lose"),
    "calc.why": pgettext_lazy("calc.why", "Why these points"),
    # live re-scored averages
    "rs.title": pgettext_lazy(
        "rs.title", "Re-scored on the last simulation (v{v}, {games} games, seed {seed})"
    ),
    "rs.mean": pgettext_lazy("rs.mean", "{role} mean {before} → {after}"),
    "rs.busy": pgettext_lazy("rs.busy", "re-scoring…"),
    "rs.ms": pgettext_lazy("rs.ms", "{ms} ms"),
    "rs.none": pgettext_lazy(
        "rs.none",
        "Simulate this rule set once and this shows, live, what each role averages under the edited table.",
    ),
    "rs.simulate": pgettext_lazy("rs.simulate", "Simulate →"),
    "rs.invalid": pgettext_lazy("rs.invalid", "The rules have errors; fix them to re-score."),
    # balance
    "bal.title": pgettext_lazy("bal.title", "Balance the scoring table"),
    "bal.intro": pgettext_lazy(
        "bal.intro",
        "From this simulation's outcomes a solver (an integer linear program) finds a scoring table that meets the target: zero-sum rows, a worse finish never pays more, integers, each entry within ±K, the table's shape kept (within a row or a column, equal stays equal, higher stays higher, whole multiples stay), as few distinct amounts changed as possible. The proposal is not saved: it is verified on fresh seeds, then you put it into this rule set's draft or save it as a new rule set.",
    ),
    "bal.target": pgettext_lazy("bal.target", "Target"),
    "bal.target.equal-sides": pgettext_lazy(
        "bal.target.equal-sides", "royal and rebel side expect equal points per seat"
    ),
    "bal.target.emperor-mean": pgettext_lazy("bal.target.emperor-mean", "the emperor's mean = X"),
    "bal.maxChange": pgettext_lazy("bal.maxChange", "Max change K (empty = automatic: 3, 6 or 10)"),
    "bal.tables": pgettext_lazy("bal.tables", "Tables"),
    "bal.table.two_person": pgettext_lazy("bal.table.two_person", "ordinary table"),
    "bal.table.two_person_guard_known": pgettext_lazy(
        "bal.table.two_person_guard_known", "guard-known table"
    ),
    "bal.table.solo": pgettext_lazy("bal.table.solo", "solo table"),
    "bal.perTable": pgettext_lazy("bal.perTable", "each table meets the target on its own games"),
    "bal.perTableTitle": pgettext_lazy(
        "bal.perTableTitle", "Each table's gap (royal − rebel, or emperor − goal)"
    ),
    "bal.keepShape": pgettext_lazy(
        "bal.keepShape",
        "keep the table's shape (equal stays equal, higher stays higher, multiples stay)",
    ),
    "bal.verifyGames": pgettext_lazy("bal.verifyGames", "Verification games"),
    "bal.keep": pgettext_lazy("bal.keep", "keep outcomes (every entry keeps its sign)"),
    "bal.start": pgettext_lazy("bal.start", "Propose a balanced table"),
    "bal.solving": pgettext_lazy("bal.solving", "Solving…"),
    "bal.notSaved": pgettext_lazy(
        "bal.notSaved",
        "This is only a proposal, not saved yet: put it into this rule set's draft, or save it as a new rule set (which records the version it came from).",
    ),
    "bal.intoDraft": pgettext_lazy("bal.intoDraft", "Put into this rule set's draft"),
    "bal.newName": pgettext_lazy("bal.newName", "New rule set's name"),
    "bal.intoNew": pgettext_lazy("bal.intoNew", "Save as a new rule set"),
    "bal.keptDraft": pgettext_lazy(
        "bal.keptDraft", "The proposal is in the draft of {slug} (not published)."
    ),
    "bal.keptNew": pgettext_lazy(
        "bal.keptNew",
        "The proposal is saved as the draft of a new rule set, {slug} (not published).",
    ),
    "bal.grid.places": pgettext_lazy("bal.grid.places", "Places (emperor / guard)"),
    "bal.grid.emperor": pgettext_lazy("bal.grid.emperor", "Emperor"),
    "bal.grid.guard": pgettext_lazy("bal.grid.guard", "Guard"),
    "bal.grid.rebels": pgettext_lazy("bal.grid.rebels", "Each rebel"),
    "bal.grid.others": pgettext_lazy("bal.grid.others", "Each other player"),
    "place.1": pgettext_lazy("place.1", "1st"),
    "place.2": pgettext_lazy("place.2", "2nd"),
    "place.3": pgettext_lazy("place.3", "3rd"),
    "place.4": pgettext_lazy("place.4", "4th"),
    "place.5": pgettext_lazy("place.5", "5th"),
    "bal.openDraft": pgettext_lazy("bal.openDraft", "Open the draft →"),
    # The solver's name is Latin: the Chinese leaves it out (the brace check is off for it).
    # xgettext:no-python-brace-format
    "bal.solver": pgettext_lazy("bal.solver", "{name}: {v} variables, {c} constraints, {ms} ms"),
    "bal.changes": pgettext_lazy("bal.changes", "Changes to the table ({n} entries)"),
    "bal.sidesTitle": pgettext_lazy(
        "bal.sidesTitle", "Points per seat of the two sides: today, predicted, verified"
    ),
    "bal.emperorTitle": pgettext_lazy(
        "bal.emperorTitle", "The emperor's mean points: today, predicted, verified"
    ),
    "bal.rebelSide": pgettext_lazy("bal.rebelSide", "rebel side"),
    "bal.royalSide": pgettext_lazy("bal.royalSide", "royal side"),
    "bal.royalMinusRebel": pgettext_lazy("bal.royalMinusRebel", "royal − rebel"),
    "bal.goal": pgettext_lazy("bal.goal", "goal"),
    "bal.goalValue": pgettext_lazy("bal.goalValue", "X"),
    "bal.emperorMean": pgettext_lazy("bal.emperorMean", "emperor's mean"),
    "bal.meanMinusGoal": pgettext_lazy("bal.meanMinusGoal", "mean − goal"),
    "bal.row.today": pgettext_lazy("bal.row.today", "today's table (this simulation)"),
    "bal.row.predicted": pgettext_lazy(
        "bal.row.predicted", "proposal, predicted (the same games re-scored)"
    ),
    "bal.row.verified": pgettext_lazy("bal.row.verified", "proposal, verified (new seed {seed})"),
    "bal.row.verifiedShort": pgettext_lazy("bal.row.verifiedShort", "proposal, verified"),
    "bal.verifiedDiff": pgettext_lazy(
        "bal.verifiedDiff", "verified: proposal − today (95% interval)"
    ),
    "bal.byRole": pgettext_lazy("bal.byRole", "Mean points by role"),
    "bal.role": pgettext_lazy("bal.role", "Role"),
    "bal.limit": pgettext_lazy(
        "bal.limit",
        "Limit: the bots do not change their play when the scoring changes; people might.",
    ),
    "bal.verifyPolicy": pgettext_lazy("bal.verifyPolicy", "Verified by"),
    "bal.adaptGap": pgettext_lazy(
        "bal.adaptGap",
        "The prediction assumes unchanged play; the verification's players adapt their bidding and declarations to the new scoring. Verified minus predicted: {diff}.",
    ),
    "bal.verifyReport": pgettext_lazy(
        "bal.verifyReport", "The verification run in full (today vs proposal)"
    ),
    "bal.today": pgettext_lazy("bal.today", "today"),
    "bal.proposal": pgettext_lazy("bal.proposal", "proposal"),
    # issue 20 ("An operator's first hour"):
    "ed.tabs": pgettext_lazy("ed.tabs", "Editor tabs"),
    "val.rawBroken": pgettext_lazy("val.rawBroken", "The {format} text is not valid"),
    "val.rawBrokenAt": pgettext_lazy(
        "val.rawBrokenAt", "The {format} text is not valid (line {line})"
    ),
    "ed.textNotApplied": pgettext_lazy("ed.textNotApplied", "Text not applied · unsaved"),
    "ed.save.textBroken": pgettext_lazy(
        "ed.save.textBroken", "Fix or discard the text's error before saving."
    ),
    "raw.at": pgettext_lazy("raw.at", "Line {line}, column {column}: "),
    "raw.err.unclosed": pgettext_lazy(
        "raw.err.unclosed", "This “{open}” is never closed: add “{close}” where it ends."
    ),
    "raw.err.quote": pgettext_lazy(
        "raw.err.quote", "This quote {open} is never closed: add {close} where the text ends."
    ),
    "raw.err.tab": pgettext_lazy("raw.err.tab", "Indentation must be spaces, not tabs."),
    "raw.err.duplicate": pgettext_lazy(
        "raw.err.duplicate", "This name appears twice in the same section; write each name once."
    ),
    "raw.err.nested": pgettext_lazy(
        "raw.err.nested",
        "Only one “name: value” fits on a line: move the inner one to its own indented line, or quote the value.",
    ),
    "raw.err.indent": pgettext_lazy(
        "raw.err.indent",
        "The items of one section must start at the same column (check the indentation).",
    ),
    "raw.err.other": pgettext_lazy("raw.err.other", "YAML syntax error: {reason}"),
    "raw.err.json": pgettext_lazy("raw.err.json", "JSON syntax error: {reason}"),
    "raw.err.empty": pgettext_lazy(
        "raw.err.empty",
        "The text is empty. A rule set is written as named sections, one per line — schema_version: 1, id: …, deck: …, deal: … — or discard the text to get the rules back.",
    ),
    "raw.err.notMapping": pgettext_lazy(
        "raw.err.notMapping",
        "A rule set is written as named sections (schema_version: 1, id: …, deck: …, one per line); this text is {kind}.",
    ),
    "raw.kind.list": pgettext_lazy("raw.kind.list", "a list"),
    "raw.kind.text": pgettext_lazy("raw.kind.text", "plain text"),
    "raw.kind.number": pgettext_lazy("raw.kind.number", "a number"),
    "raw.kind.other": pgettext_lazy("raw.kind.other", "something else"),
    "raw.goto": pgettext_lazy("raw.goto", "Go to line {line}"),
    "raw.discard": pgettext_lazy("raw.discard", "Discard the text (back to the rules)"),
    "raw.fixFirst": pgettext_lazy("raw.fixFirst", "Fix or discard the text's error first"),
    "raw.leave.title": pgettext_lazy(
        "raw.leave.title", "The {format} text has an error and is not applied to the rules"
    ),
    "raw.leave.body": pgettext_lazy(
        "raw.leave.body",
        "Keep editing to fix it, or discard the text and go to “{tab}” with the rules as they were before the error.",
    ),
    "raw.leave.keep": pgettext_lazy("raw.leave.keep", "Keep editing"),
    "raw.leave.discard": pgettext_lazy("raw.leave.discard", "Discard the text, go to “{tab}”"),
    "raw.kept": pgettext_lazy(
        "raw.kept", "The {format} tab keeps a text with an error that is not applied."
    ),
    "raw.kept.back": pgettext_lazy("raw.kept.back", "Back to the text"),
    # issue 19: play and watch
    "ed.tab.play": pgettext_lazy("ed.tab.play", "Play-test"),
    "play.title": pgettext_lazy("play.title", "Play-test table"),
    "play.intro": pgettext_lazy(
        "play.intro",
        "Sit at one seat and play a hand against four bots. The engine runs on the server: you see only what your seat may know, and only legal actions are offered.",
    ),
    "play.version": pgettext_lazy("play.version", "Version"),
    "play.draft": pgettext_lazy("play.draft", "current draft"),
    "play.seat": pgettext_lazy("play.seat", "Seat"),
    "play.seatN": pgettext_lazy("play.seatN", "Seat {n}"),
    "play.you": pgettext_lazy("play.you", "You (seat {n})"),
    "play.bots": pgettext_lazy("play.bots", "Bots"),
    "play.seed": pgettext_lazy("play.seed", "Seed (optional)"),
    "play.start": pgettext_lazy("play.start", "Start"),
    "play.newGame": pgettext_lazy("play.newGame", "New game"),
    "play.trickBy": pgettext_lazy("play.trickBy", "To beat, from seat {n}:"),
    "play.noTrick": pgettext_lazy("play.noTrick", "Nothing to beat on the table"),
    "play.over": pgettext_lazy("play.over", "The game is over"),
    "play.out": pgettext_lazy("play.out", "out, place {n}"),
    "play.cardsLeft": pgettext_lazy("play.cardsLeft", "{n} cards left"),
    "play.role.emperor": pgettext_lazy("play.role.emperor", "Emperor"),
    "play.role.guard": pgettext_lazy("play.role.guard", "Guard"),
    "play.role.rebel": pgettext_lazy("play.role.rebel", "Rebel"),
    "play.playSelected": pgettext_lazy("play.playSelected", "Play"),
    "play.hint": pgettext_lazy("play.hint", "Hint"),
    "play.log": pgettext_lazy("play.log", "What happened"),
    "play.result": pgettext_lazy("play.result", "Settlement"),
    "play.points": pgettext_lazy("play.points", "Points"),
    "play.cards": pgettext_lazy("play.cards", "Cards at the first lead"),
    "play.download": pgettext_lazy("play.download", "Download the record (JSON)"),
    "play.card.BJ": pgettext_lazy("play.card.BJ", "Big joker"),
    "play.card.SJ": pgettext_lazy("play.card.SJ", "Small joker"),
    "play.card.TOP": pgettext_lazy("play.card.TOP", "Top card"),
    "play.card.TOP2": pgettext_lazy("play.card.TOP2", "Higher top card"),
    "play.card.STK": pgettext_lazy("play.card.STK", "Stack"),
    "play.playStack": pgettext_lazy("play.playStack", "Play with a stack:"),
    "play.card.emperor": pgettext_lazy("play.card.emperor", "emperor card"),
    "play.card.guard": pgettext_lazy("play.card.guard", "guard card"),
    "play.q.grab": pgettext_lazy("play.q.grab", "Grab the solo?"),
    "play.q.offer": pgettext_lazy("play.q.offer", "Take the throne or abdicate?"),
    "play.q.solo": pgettext_lazy("play.q.solo", "Open or hidden solo?"),
    "play.q.guard": pgettext_lazy("play.q.guard", "Open or hidden guard?"),
    "play.q.rebel": pgettext_lazy("play.q.rebel", "Rebel?"),
    "play.q.royal_kick": pgettext_lazy("play.q.royal_kick", "Kick?"),
    "play.q.rebel_kick": pgettext_lazy("play.q.rebel_kick", "Kick?"),
    "play.q.lead": pgettext_lazy("play.q.lead", "Your lead"),
    "play.q.follow": pgettext_lazy("play.q.follow", "Beat it or pass?"),
    "play.act.ascend": pgettext_lazy("play.act.ascend", "Ascend"),
    "play.act.abdicate": pgettext_lazy("play.act.abdicate", "Abdicate"),
    "play.act.abdicate_skip": pgettext_lazy("play.act.abdicate_skip", "Abdicate two seats on"),
    "play.act.declare_solo": pgettext_lazy("play.act.declare_solo", "Ascend and play solo"),
    "play.act.grab": pgettext_lazy("play.act.grab", "Grab the solo"),
    "play.act.no_grab": pgettext_lazy("play.act.no_grab", "Do not grab"),
    "play.act.call": pgettext_lazy("play.act.call", "Ascend, call {card}"),
    "play.act.pay": pgettext_lazy("play.act.pay", "Pay with a {rank}"),
    "play.act.open_guard": pgettext_lazy("play.act.open_guard", "Open guard"),
    "play.act.hidden_guard": pgettext_lazy("play.act.hidden_guard", "Hidden guard"),
    "play.act.open_solo": pgettext_lazy("play.act.open_solo", "Open solo"),
    "play.act.hidden_solo": pgettext_lazy("play.act.hidden_solo", "Hidden solo"),
    "play.act.rebel": pgettext_lazy("play.act.rebel", "Rebel"),
    "play.act.no_rebel": pgettext_lazy("play.act.no_rebel", "Do not rebel"),
    "play.act.kick": pgettext_lazy("play.act.kick", "Kick"),
    "play.act.no_kick": pgettext_lazy("play.act.no_kick", "Do not kick"),
    "play.act.pass": pgettext_lazy("play.act.pass", "Pass"),
    "play.act.defer": pgettext_lazy("play.act.defer", "Defer"),
    "play.act.apply_wind": pgettext_lazy("play.act.apply_wind", "Apply for the wind"),
    "play.act.auto": pgettext_lazy("play.act.auto", "Automatic (let the system play)"),
    "ed.tab.watch": pgettext_lazy("ed.tab.watch", "Watch games"),
    "play.watch": pgettext_lazy("play.watch", "Watch this game step by step (all cards shown)"),
    "watch.thisGame": pgettext_lazy("watch.thisGame", "This game"),
    "watch.link": pgettext_lazy("watch.link", "Watch this job's games"),
    "watch.title": pgettext_lazy("watch.title", "Watch simulated games"),
    "watch.intro": pgettext_lazy(
        "watch.intro",
        "The server regenerates any game of a job from its seed (the very game the job counted); step through it: bidding, tips, declarations, every trick, going out, the settlement and the tribute owed.",
    ),
    "watch.noJobs": pgettext_lazy(
        "watch.noJobs", "No simulation job for this rule set yet: run one in Simulation first."
    ),
    "watch.job": pgettext_lazy("watch.job", "Job"),
    "watch.jobLabel": pgettext_lazy(
        "watch.jobLabel", "v{v} · {games} games · seed {seed} · {status}"
    ),
    "watch.game": pgettext_lazy("watch.game", "Game"),
    "watch.gameN": pgettext_lazy("watch.gameN", "Game {n}"),
    "watch.open": pgettext_lazy("watch.open", "Open"),
    "watch.find": pgettext_lazy("watch.find", "Find games with"),
    "watch.search": pgettext_lazy("watch.search", "Search"),
    "watch.none": pgettext_lazy("watch.none", "None found up to game {stop}."),
    "watch.more": pgettext_lazy("watch.more", "Search on from game {from}"),
    "watch.viewAs": pgettext_lazy("watch.viewAs", "Whose cards"),
    "watch.everyone": pgettext_lazy("watch.everyone", "everyone (all shown)"),
    "watch.first": pgettext_lazy("watch.first", "First step"),
    "watch.prev": pgettext_lazy("watch.prev", "Previous step"),
    "watch.next": pgettext_lazy("watch.next", "Next step"),
    "watch.last": pgettext_lazy("watch.last", "Last step"),
    "watch.step": pgettext_lazy("watch.step", "Step"),
    "watch.filter.rebellion": pgettext_lazy("watch.filter.rebellion", "a successful rebellion"),
    "watch.filter.kick": pgettext_lazy("watch.filter.kick", "a kick"),
    "watch.filter.redeal": pgettext_lazy("watch.filter.redeal", "a redeal"),
    "watch.filter.open_guard": pgettext_lazy("watch.filter.open_guard", "an open guard"),
    "watch.filter.abdication": pgettext_lazy("watch.filter.abdication", "an abdication"),
    "watch.filter.solo_open": pgettext_lazy("watch.filter.solo_open", "an open solo"),
    "watch.filter.solo_hidden": pgettext_lazy("watch.filter.solo_hidden", "a hidden solo"),
    "watch.filter.grabbed_solo": pgettext_lazy("watch.filter.grabbed_solo", "a grabbed solo"),
    "watch.filter.bomb": pgettext_lazy("watch.filter.bomb", "a bomb played"),
    "watch.filter.emperor_won": pgettext_lazy("watch.filter.emperor_won", "the emperor's side won"),
    "watch.filter.emperor_lost": pgettext_lazy(
        "watch.filter.emperor_lost", "the emperor's side lost"
    ),
    "watch.filter.draw": pgettext_lazy("watch.filter.draw", "a draw"),
    "watch.filter.shut_in": pgettext_lazy("watch.filter.shut_in", "a shut-in (憋)"),
    # API tokens (issue 16)
    "app.tokens": pgettext_lazy("app.tokens", "API tokens"),
    "tok.title": pgettext_lazy("tok.title", "API tokens"),
    "tok.intro": pgettext_lazy(
        "tok.intro",
        "Scripts and other programs use a token to call the API: the header Authorization: Token <key>. A token acts as your account, with your permissions; a read-only token can only read (GET, and the questions that change nothing, such as validate, compare, score), never change anything. A token is shown once, when it is created; the server keeps only its digest.",
    ),
    "tok.new": pgettext_lazy("tok.new", "New token"),
    "tok.name": pgettext_lazy("tok.name", "Name"),
    "tok.name.placeholder": pgettext_lazy(
        "tok.name.placeholder", "what it is for, e.g. nightly simulation script"
    ),
    "tok.scope": pgettext_lazy("tok.scope", "Scope"),
    "tok.scope.read": pgettext_lazy("tok.scope.read", "read only"),
    "tok.scope.write": pgettext_lazy("tok.scope.write", "read and write"),
    "tok.lifetime": pgettext_lazy("tok.lifetime", "Expires"),
    "tok.never": pgettext_lazy("tok.never", "never"),
    "tok.days": pgettext_lazy("tok.days", "in {n} days"),
    "tok.create": pgettext_lazy("tok.create", "Create token"),
    "tok.creating": pgettext_lazy("tok.creating", "Creating…"),
    "tok.created.title": pgettext_lazy("tok.created.title", "Token “{name}” created"),
    "tok.created.once": pgettext_lazy(
        "tok.created.once",
        "Copy it now: the token is shown only this once and cannot be shown again.",
    ),
    "tok.created.done": pgettext_lazy("tok.created.done", "I have copied it, close"),
    "tok.key": pgettext_lazy("tok.key", "Token"),
    "tok.copy": pgettext_lazy("tok.copy", "Copy"),
    "tok.copied": pgettext_lazy("tok.copied", "Copied"),
    "tok.usage": pgettext_lazy("tok.usage", "Use it like this:"),
    "tok.empty": pgettext_lazy("tok.empty", "You have no API tokens yet."),
    "tok.prefix": pgettext_lazy("tok.prefix", "Starts with"),
    "tok.createdAt": pgettext_lazy("tok.createdAt", "Created"),
    "tok.lastUsed": pgettext_lazy("tok.lastUsed", "Last used"),
    "tok.neverUsed": pgettext_lazy("tok.neverUsed", "never"),
    "tok.expires": pgettext_lazy("tok.expires", "Expires"),
    "tok.state": pgettext_lazy("tok.state", "State"),
    "tok.actions": pgettext_lazy("tok.actions", "Actions"),
    "tok.revoke": pgettext_lazy("tok.revoke", "Revoke"),
    "tok.revoke.confirm": pgettext_lazy(
        "tok.revoke.confirm",
        "Revoke the token “{name}”? Programs using it are refused at once; this cannot be undone.",
    ),
    # house notes (issue 34 §3)
    "note.about": pgettext_lazy("note.about", "Rules it is about:"),
    "note.sep": pgettext_lazy("note.sep", ", "),
    "note.about.none": pgettext_lazy(
        "note.about.none", "Names no rule: it is not flagged when the rules change."
    ),
    "note.about.add": pgettext_lazy("note.about.add", "Add a rule it is about…"),
    "note.about.remove": pgettext_lazy("note.about.remove", "Remove “{name}”"),
    "note.stale": pgettext_lazy(
        "note.stale",
        "The rules this note is about changed: {fields}. Confirm that it is still true, or edit it; until then the rulebook does not print it.",
    ),
    "note.confirm": pgettext_lazy("note.confirm", "Still true: confirm"),
    "note.edit": pgettext_lazy("note.edit", "Edit it"),
    "note.waiting": pgettext_lazy("note.waiting", "{n} awaiting confirmation"),
    "note.pending": pgettext_lazy("note.pending", "Confirmed; saved with the draft"),
    "diff.staleNotes": pgettext_lazy("diff.staleNotes", "House notes awaiting confirmation"),
    "diff.staleNotes.help": pgettext_lazy(
        "diff.staleNotes.help",
        "The rules they are about changed, so they may no longer be true; the rulebook does not print them until they are confirmed or edited.",
    ),
    "diff.staleNotes.go": pgettext_lazy("diff.staleNotes.go", "Confirm or edit"),
    "ed.publish.staleNotes": pgettext_lazy(
        "ed.publish.staleNotes",
        "{n} house notes are about rules that changed and are not confirmed: this version's rulebook will not print them. The rules themselves are published as they are.",
    ),
    "about.scoring.two_person": pgettext_lazy("about.scoring.two_person", "scoring table"),
    "about.scoring.two_person_guard_known": pgettext_lazy(
        "about.scoring.two_person_guard_known", "table when the guard is known"
    ),
    "about.scoring.solo": pgettext_lazy("about.scoring.solo", "solo tables"),
    "about.scoring.multipliers": pgettext_lazy("about.scoring.multipliers", "multipliers"),
    "about.scoring.outcome": pgettext_lazy("about.scoring.outcome", "who wins"),
    "about.scoring.money": pgettext_lazy("about.scoring.money", "settlement and penalties"),
    "about.tribute": pgettext_lazy("about.tribute", "tribute"),
    "about.bidding.flow": pgettext_lazy("about.bidding.flow", "passing and ascending"),
    "about.bidding.guard": pgettext_lazy("about.bidding.guard", "choosing the guard"),
    "about.bidding.solo": pgettext_lazy("about.bidding.solo", "playing solo"),
    "about.declarations.guard_reveal": pgettext_lazy(
        "about.declarations.guard_reveal", "open and hidden guard"
    ),
    "about.declarations.rebellion": pgettext_lazy("about.declarations.rebellion", "rebellion"),
    "about.declarations.kick": pgettext_lazy("about.declarations.kick", "kick"),
    "about.play.automatic": pgettext_lazy("about.play.automatic", "automatic play"),
    "about.play.bombs": pgettext_lazy("about.play.bombs", "bombs"),
    "about.play.hold_back": pgettext_lazy("about.play.hold_back", "held-back cards"),
    "about.deck": pgettext_lazy("about.deck", "cards used"),
    "about.deal.next_dealer": pgettext_lazy("about.deal.next_dealer", "who deals next"),
    "about.end": pgettext_lazy("about.end", "end of a game"),
}
