// Chinese and English labels (RULES.md terms), switchable; the choice is kept in localStorage.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type Lang = "zh" | "en";
export const LANG_KEY = "baohuang.editor.lang";

type Entry = [zh: string, en: string];

// prettier-ignore
const DICT = {
  // app
  "app.title": ["保皇规则编辑器", "Baohuang rule editor"],
  "app.lang": ["English", "中文"],
  "app.logout": ["退出", "Log out"],
  "app.loading": ["加载中…", "Loading…"],
  "app.back": ["← 规则列表", "← Rule sets"],
  "app.error": ["出错了", "Something went wrong"],
  "app.retry": ["重试", "Retry"],
  // list
  "list.title": ["规则集", "Rule sets"],
  "list.slug": ["标识", "Id"],
  "list.name": ["名称", "Name"],
  "list.status": ["状态", "Status"],
  "list.latest": ["最新版本", "Latest version"],
  "list.open": ["编辑", "Edit"],
  "list.empty": ["还没有规则集。请在管理后台导入 (import_variants)。", "No rule sets yet. Import them in the admin (import_variants)."],
  "list.filter": ["筛选…", "Filter…"],
  "list.new": ["新建规则集", "New rule set"],
  "list.clone": ["复制…", "Clone…"],
  "list.basedOn": ["来自 {slug} v{n}", "from {slug} v{n}"],
  "new.title": ["新建规则集", "New rule set"],
  "new.slug": ["标识（小写字母、数字和 -）", "Id (lower-case letters, digits, -)"],
  "new.zh": ["中文名称", "Chinese name"],
  "new.en": ["英文名称", "English name"],
  "new.from": ["从", "Start from"],
  "new.scratch": ["空白规则（标准计分）", "scratch (standard scoring)"],
  "new.version": ["版本", "Version"],
  "new.create": ["创建", "Create"],
  "new.cancel": ["取消", "Cancel"],
  "new.creating": ["创建中…", "Creating…"],
  "status.published": ["已发布", "published"],
  "status.changed": ["草稿有改动", "draft changed"],
  "status.unpublished": ["从未发布", "never published"],
  "status.unknown": ["—", "—"],
  // editor
  "ed.tab.rules": ["规则", "Rules"],
  "ed.tab.raw": ["YAML / JSON", "YAML / JSON"],
  "ed.tab.diff": ["与已发布版本比较", "Diff vs published"],
  "ed.tab.check": ["出牌检查", "Play checker"],
  "ed.tab.sim": ["模拟", "Simulation"],
  "ed.tab.rulebook": ["规则书", "Rulebook"],
  "ed.save": ["保存草稿", "Save draft"],
  "ed.saving": ["保存中…", "Saving…"],
  "ed.saved": ["草稿已保存", "Draft saved"],
  "ed.unsaved": ["有未保存的修改", "Unsaved changes"],
  "ed.nochanges": ["无未保存修改", "No unsaved changes"],
  "ed.publish": ["发布", "Publish"],
  "ed.publishing": ["发布中…", "Publishing…"],
  "ed.published": ["已发布为第 {n} 版", "Published as version {n}"],
  "ed.publish.confirm": ["将当前草稿发布为新版本？已发布的版本不可更改。", "Publish the draft as a new version? Published versions never change."],
  "ed.publish.title": ["发布前确认", "Publish?"],
  "ed.publish.first": ["这是第一个版本。", "This will be the first version."],
  "ed.publish.go": ["确认发布", "Publish now"],
  "ed.publish.cancel": ["取消", "Cancel"],
  "ed.publish.saveFirst": ["请先保存草稿再发布。", "Save the draft before publishing."],
  "ed.publish.invalid": ["草稿有错误，不能发布。", "The draft has errors; it cannot be published."],
  "ed.revision": ["草稿修订 {n}", "draft revision {n}"],
  "ed.version": ["最新发布：第 {n} 版", "latest published: v{n}"],
  "ed.noversion": ["尚未发布", "not published yet"],
  "ed.conflict.title": ["别人已经修改了这份草稿", "Someone else changed this draft"],
  "ed.conflict.body": ["在你打开之后，这份草稿已被其他人保存。你的修改仍保留在此页面（也已备份在本浏览器中）。", "The draft was saved by someone else after you opened it. Your edits are still here (and backed up in this browser)."],
  "ed.conflict.reload": ["载入对方的版本（放弃我的修改）", "Load their version (discard my edits)"],
  "ed.conflict.overwrite": ["用我的修改覆盖", "Overwrite with my edits"],
  "ed.conflict.changes": ["对方版本与我的修改的差异", "Their version vs my edits"],
  "ed.restore.title": ["本浏览器中有这份草稿未保存的修改", "This browser holds unsaved edits of this draft"],
  "ed.restore.apply": ["恢复我的修改", "Restore my edits"],
  "ed.restore.discard": ["丢弃", "Discard"],
  "ed.leave": ["有未保存的修改，确定离开？", "You have unsaved changes. Leave anyway?"],
  "ed.sections": ["章节", "Sections"],
  // validation
  "val.checking": ["检查中…", "Checking…"],
  "val.ok": ["规则有效", "Valid"],
  "val.errors": ["{n} 个错误", "{n} error(s)"],
  "val.warnings": ["{n} 个警告", "{n} warning(s)"],
  "val.summary": ["其他问题", "Other problems"],
  "val.pinned": ["已标在字段旁的问题：", "Problems shown at their fields:"],
  "val.unreachable": ["无法检查（校验服务不可用）", "Cannot check (validation unavailable)"],
  // sections
  "sec.general": ["基本信息", "General"],
  "sec.deck": ["牌", "Deck"],
  "sec.deal": ["发牌", "Deal"],
  "sec.bidding": ["登基与侍卫", "Bidding"],
  "sec.declarations": ["明保 / 造反 / 踢", "Declarations"],
  "sec.play": ["出牌", "Play"],
  "sec.end": ["结束", "End"],
  "sec.scoring": ["计分", "Scoring"],
  "sec.tribute": ["上贡", "Tribute"],
  // general
  "f.id": ["标识 (id)", "Id"],
  "f.name.zh": ["中文名", "Chinese name"],
  "f.name.en": ["英文名", "English name"],
  "f.source": ["来源", "Source"],
  "f.notes": ["备注（假设）", "Notes (assumptions)"],
  "f.notes.add": ["添加备注", "Add a note"],
  // deck
  "f.decks": ["副数", "Decks"],
  "f.trims": ["去牌", "Trims"],
  "f.trims.help": ["点击花色格每次去掉一张该花色的牌（到 0 后恢复）；“全去”去掉该点数的全部牌；“随机”每局随机去掉几张。", "Click a suit cell to take out one more card of that suit (from 0 it puts them back); “all” removes every card of the rank; “random” removes that many at random each deal."],
  "f.rank": ["点数", "Rank"],
  "f.all": ["全去", "all"],
  "f.random": ["随机", "random"],
  "f.left": ["剩余", "left"],
  "f.cards": ["牌数", "Cards"],
  "f.deckSize": ["牌堆 {n} 张", "deck {n} cards"],
  "f.handSum": ["手牌合计 {n} 张", "hands {n} cards"],
  "f.mismatch": ["手牌合计与牌数不相等", "hand sizes do not add up to the deck"],
  "f.marks": ["标记牌", "Marked cards"],
  "f.emperor_card": ["皇牌（大王）", "Emperor card (BJ)"],
  "f.guard_card": ["侍卫牌（小王）", "Guard card (SJ)"],
  "f.guard_card.none": ["无（叫侍卫）", "none (called guard)"],
  // deal
  "f.hand_sizes": ["每家手牌数", "Hand sizes"],
  "f.seat": ["座位 {n}", "Seat {n}"],
  "f.split": ["平均分配", "Split evenly"],
  "f.first_dealer": ["首局先发牌座位", "First dealt seat"],
  "f.next_dealer": ["下一局先发牌", "Next dealer"],
  "f.buy": ["买牌（买3）", "Buying a card (买3)"],
  "f.buy.rank": ["必须有的点数", "Rank everyone needs"],
  "f.buy.pay_with": ["用来交换的牌", "Paid with"],
  "f.buy.if_unable": ["付不出时", "If unable to pay"],
  // bidding
  "f.guard": ["侍卫", "Guard"],
  "f.guard.by": ["确定侍卫", "Guard found by"],
  "f.callable_ranks": ["可叫的点数", "Callable ranks"],
  "f.choice": ["多个可叫时", "With several callable"],
  "f.min_identical": ["需相同牌张数", "Identical cards needed"],
  "f.solo": ["独保", "Solo"],
  "f.solo.declared": ["可声明独保（明独）", "May declare an open solo"],
  "f.solo.hidden_allowed": ["允许暗独保", "Hidden solo allowed"],
  "f.flow": ["叫牌流程（按顺序）", "Bidding flow (in order)"],
  "f.flow.help": ["拖动或用 ↑ ↓ 调整步骤顺序。", "Drag, or use ↑ ↓, to reorder the steps."],
  "f.flow.add": ["添加步骤", "Add a step"],
  "f.up": ["上移", "Move up"],
  "f.down": ["下移", "Move down"],
  "f.remove": ["删除", "Remove"],
  "f.add": ["添加", "Add"],
  "step.grab_solo": ["抢独", "Grab solo"],
  "step.offer_throne": ["登基 / 让位", "Ascend or abdicate"],
  "step.redeal": ["流局重发", "Redeal"],
  "f.priority": ["多人抢独时", "Several claimants"],
  "f.takes_emperor_card": ["抢独者拿走皇牌", "Grabber takes the emperor card"],
  "f.marks_void": ["抢独后标记牌作废", "Marks void after a grab"],
  "f.requires": ["谁可以抢", "Who may grab"],
  "f.rounds": ["轮数", "Rounds"],
  "f.forced": ["逼庄（能登基者必须登基）", "Forced (逼庄)"],
  "f.forced_exempt_own_guard": ["逼庄时自保者可让", "Own guard exempt when forced"],
  "f.pass_to": ["让位给", "Pass to"],
  "f.when_holding_both": ["同时持有两张标记牌", "Holding both marked cards"],
  "f.skip_one_to": ["隔一家的方向", "Skip-one direction"],
  "f.tip": ["贴牌", "Tip (贴牌)"],
  "f.tip_from_pass": ["从第几次让位开始贴", "First pass that tips"],
  // declarations
  "f.guard_reveal": ["明保 / 暗保", "Open or hidden guard"],
  "f.rebellion": ["造反", "Rebellion (造反)"],
  "f.threshold": ["成功所需人数", "Rebels needed"],
  "f.kick": ["踢", "Kick (踢)"],
  "f.royals_after_rebellion": ["造反成功后皇帝或侍卫可踢", "Royals may kick after a rebellion"],
  "f.rebels_after_open_guard": ["明保后几名反贼可一起踢", "Rebels who may kick an open guard"],
  "f.never": ["不可", "never"],
  // play
  "f.attach": ["可挂的牌", "Attachable cards (挂牌)"],
  "f.top_card": ["大过大王的牌", "Card above the big joker"],
  "f.special_beats": ["特殊压牌", "Special beats"],
  "f.sb.rank": ["点数", "Rank"],
  "f.sb.count": ["张数", "Count"],
  "f.sb.beats": ["可压", "Beats"],
  "f.hold_back": ["憋牌", "Hold-back (憋牌)"],
  "f.only_when_leading": ["只能在领出时打", "Only when leading"],
  "f.shut_in": ["闷（未出完要闷贡）", "Shut in (闷)"],
  "f.wind": ["接风", "Wind (接风)"],
  "f.defer": ["允许让牌", "Deferring allowed (让牌)"],
  "f.roast": ["烤牌", "Roasting (烤牌)"],
  "f.joker_order": ["王组由小到大", "Joker groups, low to high"],
  "f.automatic": ["托管", "Automatic play (托管)"],
  "f.lock_after": ["几次后锁定", "Spells that lock it on"],
  "f.unscored_if_all": ["五家全托管不计分", "Unscored if all five automatic"],
  // end
  "f.end.when": ["何时结束", "Game ends"],
  "f.open_solo_ends_on_other_first": ["明独时他人先出完即结束", "Open solo ends when another goes out first"],
  "f.side_out_draw_if_first_other_side": ["头客属另一方时为平局", "Draw if the first finisher is on the other side"],
  "f.unfinished_order": ["未出完者的名次", "Ranking of unfinished players"],
  // scoring
  "f.two_person": ["两人保皇计分表", "Two-person table"],
  "f.two_person.help": ["行：皇帝名次；列：侍卫名次。每格：皇帝 / 侍卫 / 每个反贼。合计 = 皇帝 + 侍卫 + 3 × 反贼，非零时标红。", "Rows: emperor's rank; columns: guard's rank. Each cell: emperor / guard / each rebel. Sum = emperor + guard + 3 × rebels, highlighted when not zero."],
  "f.two_person_guard_known": ["侍卫已知时的计分表（明保 / 造反后）", "Table when the guard is known (open guard / rebellion)"],
  "f.zero_sum": ["每行合计必须为 0", "Every row sums to zero"],
  "f.fill": ["按公式填表", "Fill from formula"],
  "f.fill.help": ["联众公式：侍卫 = 6 − (皇帝名次 + 侍卫名次)，皇帝 = 2 × 侍卫，反贼 = −侍卫", "Lianzhong formula: guard = 6 − (e + g), emperor = 2 × guard, rebel = −guard"],
  "f.emperorRank": ["皇帝第 {n}", "Emperor {n}"],
  "f.guardRank": ["侍卫第 {n}", "Guard {n}"],
  "f.sum": ["合计", "sum"],
  "f.solo.open": ["明独", "Open solo (明独)"],
  "f.solo.hidden": ["暗独", "Hidden solo (暗独)"],
  "f.emperor_rank": ["皇帝名次", "Emperor's rank"],
  "f.others": ["其他每家", "Each other"],
  "f.multipliers": ["翻倍", "Multipliers"],
  "f.event": ["事件", "Event"],
  "f.factor": ["倍数", "Factor"],
  "f.outcome": ["胜负判定", "Outcome"],
  "f.method": ["方法", "Method"],
  "f.outcome.table": ["按保皇派名次", "By the royals' ranks"],
  "f.outcome.solo": ["独保按皇帝名次", "Solo by the emperor's rank"],
  "f.money": ["金额", "Money"],
  "f.base": ["底分", "Base"],
  "f.table_fee": ["台费", "Table fee"],
  "f.cap_to_carried": ["赢分不超过携带", "Cap to what was carried"],
  "f.automatic_penalty": ["托管罚分", "Automatic penalty"],
  "f.quit_penalty": ["逃跑罚分", "Quit penalty"],
  // tribute
  "f.tribute.rules": ["上贡规则（按顺序匹配）", "Tribute rules (first match applies)"],
  "f.tribute.card": ["上贡的牌", "Tribute card"],
  "f.tribute.paid_in": ["用此点数上贡", "Paid in rank"],
  "f.when": ["条件", "When"],
  "f.ranks": ["保皇派名次", "Royals' ranks"],
  "f.give": ["给出", "Give"],
  "f.take": ["收取", "Take"],
  "f.note": ["说明", "Note"],
  "f.any": ["任意", "any"],
  "f.tribute.shut_in": ["闷贡", "Shut-in tribute (闷贡)"],
  "f.count": ["张数", "Count"],
  "f.to": ["给", "To"],
  "f.enabled": ["启用", "enabled"],
  // roles
  "role.emperor": ["皇帝", "Emperor"],
  "role.guard": ["侍卫", "Guard"],
  "role.rebel": ["反贼", "Rebel"],
  "role.rebels": ["反贼", "Rebels"],
  "role.solo": ["独保皇帝", "Solo emperor"],
  // options
  "opt.first_finisher": ["上局头客", "previous first finisher"],
  "opt.previous_emperor": ["上局皇帝", "previous emperor"],
  "opt.fixed": ["固定座位", "fixed seat"],
  "opt.gift": ["送3", "given one (送3)"],
  "opt.skip": ["不买", "goes without"],
  "opt.fixed_card": ["固定保（侍卫牌）", "fixed guard card (固定保)"],
  "opt.called_card": ["叫侍卫", "called card (叫侍卫)"],
  "opt.highest": ["最大的", "highest"],
  "opt.free": ["自由选择", "free choice"],
  "opt.emperor_then_upstream": ["皇帝优先，再按上家方向", "emperor, then nearest upstream"],
  "opt.first_claim": ["先抢先得", "first to claim"],
  "opt.nothing": ["任何人", "anyone"],
  "opt.four_identical": ["有四张相同牌者", "holder of four identical"],
  "opt.upstream": ["上家", "upstream (上家)"],
  "opt.downstream": ["下家", "downstream (下家)"],
  "opt.pass_on": ["照常让位", "pass on as usual"],
  "opt.skip_one": ["隔一家让位", "skip one (隔一家)"],
  "opt.pass_direction": ["同让位方向", "pass direction"],
  "opt.none": ["无", "none"],
  "opt.two_or_highest": ["贴2（无2贴最大非王）", "a 2, else highest non-joker"],
  "opt.highest_non_joker": ["最大非王牌", "highest non-joker"],
  "opt.choice": ["侍卫自选", "guard chooses"],
  "opt.open": ["必须明保", "always open (明保)"],
  "opt.hidden": ["必须暗保", "always hidden (暗保)"],
  "opt.guard_card": ["侍卫牌（特画 / 老花）", "the guard card (特画 / 老花)"],
  "opt.next_player": ["下家接风", "next player (接风)"],
  "opt.apply": ["申请接风", "by application"],
  "opt.all_but_one": ["只剩一家", "one player left"],
  "opt.one_side_out": ["一方全部出完", "one side all out"],
  "opt.fewest_cards": ["剩牌少者在前", "fewest cards first"],
  "opt.play_order": ["按出牌顺序", "play order"],
  "opt.points": ["按皇帝得分", "emperor's points"],
  "opt.rank_table": ["按名次表", "rank table"],
  "opt.side_out": ["先出完的一方胜", "side out first"],
  "opt.win": ["胜", "win"],
  "opt.draw": ["平", "draw"],
  "opt.lose": ["负", "lose"],
  "opt.any": ["任意独保", "any solo"],
  "opt.game_ender": ["结束游戏者", "who ended the game"],
  "opt.first": ["头客", "first (头客)"],
  "opt.second": ["二客", "second"],
  "opt.third": ["三客", "third"],
  "opt.fourth": ["二落", "fourth (二落)"],
  "opt.fifth": ["大落", "fifth (大落)"],
  "opt.emperor": ["皇帝", "emperor"],
  "opt.guard": ["侍卫", "guard"],
  "opt.rebels": ["反贼（每人）", "rebels (each)"],
  "opt.others": ["除皇帝外每人", "others (each)"],
  "opt.as_tribute": ["同上贡", "as tribute"],
  "opt.most_held": ["持有最多者", "most held"],
  "opt.solo.none": ["非独保局", "not solo"],
  "mark.SJ": ["小王（宝剑）", "SJ (sword mark)"],
  "mark.none": ["无（叫侍卫）", "none (called guard)"],
  "rank.none": ["无", "none"],
  "kick.never": ["不可", "never"],
  "pair.any": ["任意", "any"],
  "solo.none": ["非独保局", "not solo"],
  "solo.any": ["任意独保", "any solo"],
  "solo.open": ["明独", "open solo"],
  "solo.hidden": ["暗独", "hidden solo"],
  "gv.any": ["任意", "any"],
  "gv.open": ["明保", "open (明保)"],
  "gv.hidden": ["暗保", "hidden (暗保)"],
  "oc.": ["—", "—"],
  "oc.any": ["任意", "any"],
  "oc.win": ["胜", "win"],
  "oc.draw": ["平", "draw"],
  "oc.lose": ["负", "lose"],
  "rate.solo_open": ["明独局", "open solo games"],
  "rate.solo_hidden": ["暗独局", "hidden solo games"],
  "rate.solo_grabbed": ["抢独局", "grabbed solo games"],
  "rate.abdication_games": ["有让位的局", "games with an abdication"],
  "rate.abdications": ["让位次数 / 局", "abdications per game"],
  "rate.redeal_games": ["流局重发的局", "games redealt"],
  "rate.redeals": ["重发次数 / 局", "redeals per game"],
  "rate.open_guard": ["明保局", "open guard games"],
  "rate.guard_known": ["侍卫已知局", "guard known games"],
  "rate.rebellion": ["造反成功局", "successful rebellions"],
  "rate.rebels_declared": ["造反声明 / 局", "rebels declaring per game"],
  "rate.kick_games": ["有踢的局", "games with a kick"],
  "rate.kicks": ["踢次数 / 局", "kicks per game"],
  "rate.plays": ["出牌次数 / 局", "plays per game"],
  "pol.heuristic": ["启发式机器人", "heuristic bots"],
  "pol.random": ["随机机器人", "random bots"],
  "ev.open_guard": ["明保", "open guard (明保)"],
  "ev.open_guard_win": ["明保且胜", "open guard wins"],
  "ev.rebellion": ["造反成功", "rebellion (造反)"],
  "ev.kick": ["踢（每次）", "kick (踢, each)"],
  "ev.kick_succeeded": ["踢成功（踢方获胜）", "successful kick (the kickers won)"],
  "ev.solo": ["独保", "solo (独保)"],
  "ev.open_solo": ["明独", "open solo (明独)"],
  "ev.hidden_solo": ["暗独", "hidden solo (暗独)"],
  "ev.grabbed_solo": ["抢独", "grabbed solo (抢独)"],
  "ev.guard_known": ["侍卫已知", "guard known"],
  // diff
  "diff.title": ["草稿与最新发布版本的差异", "Draft vs the latest published version"],
  "diff.none": ["草稿与已发布版本相同。", "The draft is the same as the published version."],
  "diff.nopublished": ["还没有发布的版本。", "No published version yet."],
  "diff.path": ["位置", "Path"],
  "diff.before": ["已发布", "Published"],
  "diff.after": ["草稿", "Draft"],
  "diff.versions": ["比较两个已发布版本", "Compare two published versions"],
  "diff.run": ["比较", "Compare"],
  "diff.count": ["{n} 处改动", "{n} change(s)"],
  "diff.nochange": ["没有改动。", "No changes."],
  "diff.origin": ["与来源版本的差异（我们的玩法独特之处）", "Against the version it was cloned from (what makes it ours)"],
  // checker
  "chk.title": ["出牌检查：后一手能否压过前一手", "Play checker: does the second play beat the first?"],
  "chk.previous": ["前一手", "Previous play"],
  "chk.candidate": ["后一手", "Candidate play"],
  "chk.run": ["检查", "Check"],
  "chk.beats": ["能压过", "beats it"],
  "chk.notbeats": ["压不过", "does not beat it"],
  "chk.illegal": ["不是合法的一手牌", "is not a legal play"],
  "chk.help": ["牌面记法：3–10 J Q K A 2，小王 SJ，大王 BJ，用空格分开，例如 “SJ 8 8 8”。", "Notation: 3–10 J Q K A 2, SJ, BJ, separated by spaces, e.g. “SJ 8 8 8”."],
  "chk.against": ["按已发布的第 {n} 版检查", "Checked against published version {n}"],
  "chk.needversion": ["出牌检查使用已发布版本；请先发布。", "The checker uses a published version; publish first."],
  // simulation
  "sim.title": ["模拟对局", "Simulate games"],
  "sim.games": ["局数", "Games"],
  "sim.seed": ["随机种子", "Seed"],
  "sim.policy": ["机器人", "Policy"],
  "sim.version": ["版本", "Version"],
  "sim.start": ["开始模拟", "Run simulation"],
  "sim.cancel": ["取消", "Cancel"],
  "sim.status": ["状态：{s}", "Status: {s}"],
  // job statuses (the server's status_text wins; these are for its codes when it is absent)
  "job.queued": ["排队中", "queued"],
  "job.running": ["运行中", "running"],
  "job.succeeded": ["已完成", "succeeded"],
  "job.failed": ["失败", "failed"],
  "job.cancelled": ["已取消", "cancelled"],
  "sim.progress": ["{done} / {total} 局", "{done} / {total} games"],
  "sim.failed": ["模拟失败", "Simulation failed"],
  "sim.missing": ["服务器没有模拟功能（/api/v1/simulations/ 不存在）。", "This server has no simulations (/api/v1/simulations/ is missing)."],
  "sim.wdl": ["各角色胜 / 平 / 负", "Win / draw / loss by role"],
  "sim.points": ["得分分布", "Points histogram"],
  "sim.finish": ["皇帝名次分布", "Emperor's finish rank"],
  "sim.guardFinish": ["侍卫名次分布", "Guard's finish rank"],
  "sim.rates": ["其他统计", "Other rates"],
  "sim.meanPoints": ["平均得分", "Mean points"],
  "sim.compare": ["两个版本并排比较", "Compare two versions side by side"],
  "sim.compareWith": ["对比版本", "Compare with version"],
  "sim.run2": ["同时模拟两个版本", "Simulate both"],
  "sim.needversion": ["模拟使用已发布版本；请先发布。", "Simulations use a published version; publish first."],
  "sim.win": ["胜", "win"],
  "sim.draw": ["平", "draw"],
  "sim.loss": ["负", "loss"],
  "sim.rank": ["第 {n}", "#{n}"],
  "sim.games.done": ["{n} 局", "{n} games"],
  // rulebook
  "rb.title": ["规则书", "Rulebook"],
  "rb.version": ["版本", "Version"],
  "rb.draft": ["草稿（已保存）", "draft (saved)"],
  "rb.print": ["打印", "Print"],
  "rb.open": ["在新窗口打开", "Open in a new window"],
  "rb.loading": ["规则书生成中…", "Making the rulebook…"],
  "rb.error": ["无法生成规则书", "The rulebook could not be made"],
  "rb.unsaved": ["规则书按已保存的草稿生成；未保存的修改不在其中。", "The rulebook shows the saved draft; unsaved changes are not in it."],
  "rb.noversion": ["还没有发布的版本，所以没有规则书。", "No version is published yet, so there is no rulebook."],
} as const satisfies Record<string, Entry>;

/** A key of the editor's catalog: `t("ed.sav")` is a type error, not an English fallback. */
export type Key = keyof typeof DICT;

/** Every key with both its texts (for the completeness test). */
export const ENTRIES: ReadonlyArray<readonly [Key, Entry]> = Object.entries(DICT) as [Key, Entry][];

type Vars = Record<string, string | number>;

/** The text of a key built at run time (`sec.${name}`); an unknown key shows itself. */
export function translate(lang: Lang, key: string, vars?: Vars): string {
  const entry = (DICT as Record<string, Entry>)[key];
  let text = entry ? entry[lang === "zh" ? 0 : 1] : key;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

export function hasKey(key: string): boolean {
  return key in DICT;
}

export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored === "zh" || stored === "en") return stored;
  } catch {
    /* storage may be unavailable */
  }
  if (typeof navigator !== "undefined" && navigator.language && !navigator.language.startsWith("zh")) return "en";
  return "zh";
}

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  /** A literal key, checked by the type checker. */
  t: (key: Key, vars?: Vars) => string;
  /** A key made at run time (`sec.${name}`): check it with hasKey where it may be missing. */
  tk: (key: string, vars?: Vars) => string;
}

const I18nContext = createContext<I18n>({
  lang: "en",
  setLang: () => undefined,
  t: (key, vars) => translate("en", key, vars),
  tk: (key, vars) => translate("en", key, vars),
});

/** The language the API is asked to answer in (sent with every request). */
let apiLang: Lang = "zh";
export function currentLang(): Lang {
  return apiLang;
}

export function I18nProvider({ children, lang: forced }: { children: ReactNode; lang?: Lang }) {
  const [lang, setLangState] = useState<Lang>(forced ?? initialLang());
  apiLang = lang;
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      /* ignore */
    }
    document.documentElement.lang = next === "zh" ? "zh-CN" : "en";
  }, []);
  const value = useMemo<I18n>(
    () => ({ lang, setLang, t: (key, vars) => translate(lang, key, vars), tk: (key, vars) => translate(lang, key, vars) }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
