#!/usr/bin/env python3
"""Writes the hand-made seeds of tests/fuzz/corpus/<target>/ (files named seed-*).

Run from anywhere: python3 tests/fuzz/make_seeds.py. It rewrites every seed-* file and leaves
the others (found-* and regression-* inputs, kept as the fuzzer found them) alone. Text targets get literal messages and
records; the targets that read their input through FuzzedDataProvider get bytes laid out as
FuzzedDataProvider reads them (Fdp below), so each seed means what its name says.
"""
import hashlib
import pathlib

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"


class Fdp:
    """Builds input for LLVM's FuzzedDataProvider: ConsumeBytes takes from the front, every
    integer and bool from the back, ConsumeIntegralInRange(lo, hi) one byte per 8 bits of
    hi - lo (none when lo == hi), most significant first, the value lo + x % (hi - lo + 1)."""

    def __init__(self):
        self.front = b""
        self.tail = []  # bytes in the order they are consumed

    def raw(self, b):
        self.front += b

    def int(self, lo, hi, v):
        assert lo <= v <= hi, (lo, hi, v)
        r, n = hi - lo, 0
        while n < 8 and (r >> (8 * n)) > 0:
            n += 1
        x = v - lo
        for k in reversed(range(n)):
            self.tail.append((x >> (8 * k)) & 0xFF)

    def bool(self, b):
        self.tail.append(1 if b else 0)

    def zeros(self, n):
        self.tail.extend([0] * n)

    def data(self):
        return self.front + bytes(reversed(self.tail))


def write(target, name, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / ("seed-" + name)).write_bytes(data if isinstance(data, bytes) else data.encode())


# ---------------------------------------------------------------- protocol_decode
ZERO_SEED = "0" * 64
PROTOCOL = {
    "play": '{"type":"play","id":9,"game":3,"pile":2,"pins":[9,4,5]}',
    "play-spaced": ' { "type" : "play" ,\n"id":1,\t"game" : 12 , "pile":1, "pins" : [ 1 , 2 ] }\r\n',
    "play-reordered": '{"pins":[10],"pile":3,"game":9007199254740991,"id":0,"type":"play"}',
    "play-negative": '{"type":"play","id":11,"game":1,"pile":-100,"pins":[1,1,0,11,-5,1000,7,8,9,10]}',
    "play-too-many": '{"type":"play","id":1,"game":1,"pile":1,"pins":[1,2,3,4,5,6,7,8,9,10,1]}',
    "play-float": '{"type":"play","id":1,"game":1,"pile":1.0,"pins":[1e0]}',
    "play-escaped": '{"type":"pl\\u0061y","id":1,"game":1,"pile":1,"pins":[1]}',
    "play-leading-zero": '{"type":"play","id":01,"game":1,"pile":1,"pins":[1]}',
    "stop": '{"type":"stop","id":13,"game":1}',
    "resign": '{"type":"resign","id":14,"game":77}',
    "snapshot": '{"type":"snapshot","id":15,"game":9007199254740991}',
    "snapshot-too-big": '{"type":"snapshot","id":15,"game":9007199254740992}',
    "stop-duplicate": '{"type":"stop","type":"ping","id":1,"game":1}',
    "ping": '{"type":"ping","id":0}',
    "ping-minus-zero": '{"type":"ping","id":-0}',
    "hello": '{"type":"hello","id":2,"version":1,"guest":"g-7f3a"}',
    "hello-unicode": '{"type":"hello","id":4,"version":1,"guest":"\\u00e9\\n\\ud83c\\udfb3"}',
    "practice": '{"type":"practice_start","id":7,"ruleset":"strict","seed":"%s"}' % ZERO_SEED,
    "practice-day": '{"type":"practice_start","id":8,"day":"2024-02-29"}',
    "register": '{"type":"register","id":3,"name":"Ada"}',
    "login": '{"type":"login","id":3,"token":"t0k3n"}',
    "daily": '{"type":"daily","id":5}',
    "daily-start": '{"type":"daily_start","id":6}',
    "leaderboard": '{"type":"leaderboard","id":7,"board":"daily","date":"2024-03-01","limit":100,"cursor":"abc","around":true}',
    "leaderboard-best": '{"type":"leaderboard","id":7,"board":"best_average","limit":0}',
    "profile": '{"type":"profile","id":8,"player":42}',
    "verify": '{"type":"verify","id":9,"game":5}',
    "record": '{"type":"record","id":9,"game":5}',
    "lane-open": '{"type":"lane_open","id":1,"ruleset":"tenpin","sides":["A","B"],"teams":true,"join":1,"name":"Bo"}',
    "lane-join": '{"type":"lane_join","id":1,"lane":"ABC123","side":7,"name":"Cy"}',
    "lane-watch": '{"type":"lane_watch","id":1,"lane":"ABC123"}',
    "lane-report": '{"type":"lane_report","id":1,"lane":"ABC123","side":0,"pins":10,"foul":false}',
    "lane-foul": '{"type":"lane_report","id":1,"lane":"ABC123","side":1,"foul":true}',
    "lane-undo": '{"type":"lane_undo","id":1,"lane":"ABC123"}',
    "league-create": '{"type":"league_create","id":1,"name":"Tuesday","ruleset":"sackson","rounds":9,"games_per_round":3,"round_days":7,"start_date":"2024-01-02","scoring":"handicap","handicap_percent":90,"handicap_basis":220,"entering_average":150,"vacancy_score":120}',
    "league-join": '{"type":"league_join","id":1,"code":"K3Y"}',
    "league": '{"type":"league","id":1,"league":4}',
    "league-standings": '{"type":"league_standings","id":1,"league":4}',
    "league-round": '{"type":"league_round","id":1,"league":4,"round":2}',
    "league-play": '{"type":"league_play","id":1,"league":4,"round":2,"game":3}',
    "league-remove": '{"type":"league_secretary","id":1,"league":4,"action":"remove","player":9}',
    "league-end-round": '{"type":"league_secretary","id":1,"league":4,"action":"end_round","round":3}',
    "nested": '{"type":"ping","id":1,"x":[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]}',
    "duplicate-deep": '{"type":"ping","id":1,"x":[{"b":1,"b":1}]}',
    "huge-number": '{"type":"ping","id":1e400}',
    "unknown-type": '{"type":"fly","id":2}',
    "not-object": '[{"type":"ping","id":1}]',
    "truncated": '{"type":"play","id":7,',
}


# ---------------------------------------------------------------- record_parse
# record_text of real games: seeds sha256("fuzz-seed-<i>"), played by a fixed policy over the
# listed plays (game 2 stops every seventh turn, game 3 resigns at turn 25).
RECORDS = {
    "sackson-103": "pinfall/1 sackson 384a5303e5f8f5a967968f453afb95a2bf2095350496cff3e157415ac1414afc 1:4 2:2,3 2:10,6 3:5,8,9 3:2,5,6 1:10,9 2:1 1:4,8 3:3 2:2,5 3:7,8,9 3:6,3,1 2:1 1:2,3,5 2:10,9,6 2:8 2:2 2:5,3,1 2:6,8,9 1:4,7 3:10 2:1,2,3 2:6,9,10 3:7,5,4 2:3,4,5 1:8,9,10 3:4,3,2 3:6,9,10 2:7 1:5,3,2 1:6,9 1:4 3:5,2,1 3:7,8,9 2:3 1:4 2:10 2:6 2:5,2,1 1:8,9,10 1:3,6 1:7,4 3:2,4 2:3,5,9 3:7",
    "strict-86": "pinfall/1 strict 1e8b531a405e0f8dc510c0b7d4bb8dc33de5d1da5b2c86fe1da3437226a4cebe 1:2,3,5 2:6,9,10 3:8,7,4 1:3,5,6 3:4,8 1:1 1:1,2 2:4,7,8 2:10,9,6 3:3,5 2:2,3,5 1:4 1:9,10 1:8 2:1 2:3 2:2,4,5 1:8 2:6,9 3:10 1:1 3:1,2,3 1:5 2:4 2:6,10 1:2,3,5 3:10,9 2:4,7,8 3:2,4 1:9,8 2:6 1:5 2:4 2:7,8 3:1,2 3:5,3 2:6,10 2:2,5 3:6,3 2:4,7,8",
    "stops-79": "pinfall/1 sackson 28b5c8e1fe168207090d6b03834bd1101e91be6d2c261ad72954ba583200b907 2:1,2,3 1:5 1:9,8,4 2:7 2:10 3:6 s 3:1,2,3 2:8,5,4 1:6,9 3:1,2,5 1:7,4 1:6,9 s 1:6,3,2 3:5,9 3:4,8 3:4,2,1 3:7,8,9 2:3,6,10 s 3:1,3,6 2:2,4,5 1:9,8 2:2,4 3:3,6 3:8,5 s 3:2,4,5 1:9,8,6 1:3 1:10 3:3,2,1 1:5,6,9 s 2:4 2:1,3,5 3:6,10 3:9,8,7 1:4",
    "resigned-37": "pinfall/1 strict 952675277716ab1b7120b9bcaabec752203f23fa86281a9cb723cd5d40ef0d9a 2:3,6 2:5,8,9 1:7 1:10 1:3,5 1:1 2:6 2:8 3:2 1:9 3:3,6 1:5,4 2:9 1:1,2 3:5,2 2:4,8 2:3,6 3:10,9 3:3,5 2:2 2:4 2:1 3:8,9 1:6 r",
    "illegal": "pinfall/1 sackson %s 4:1 1:11 1:1,1 1:1,2,3,4 1:-5 99:1,2 s r s" % ZERO_SEED,
    "loose": "  pinfall/1\tSTRICT\n%s \r\n 1:01 \v 3:9,10\f" % ("A" * 64),
    "bad-seed": "pinfall/1 sackson %s 1:1" % ("g" * 64),
    "bad-action": "pinfall/1 sackson %s 1:1 2: x" % ZERO_SEED,
    "empty": "",
    "magic-only": "pinfall/1",
}


# ---------------------------------------------------------------- engine_game
def engine_seed(name, ruleset_strict, ops):
    """ops: 'L' a listed play (the first), 'S' stop, 'R' resign, or ('P', pile, [pins]) any
    play. A listed play spends a byte for its index only when there are two or more plays; a
    zero byte read as the next kind is a listed play again, so runs of 'L' stay in step."""
    f = Fdp()
    f.raw(hashlib.sha256(name.encode()).digest())
    f.bool(ruleset_strict)
    for op in ops:
        if op == "L":
            f.int(0, 15, 0)
            f.zeros(2)  # index 0, pins in order
        elif op == "S":
            f.int(0, 15, 13)
        elif op == "R":
            f.int(0, 15, 15)
        else:
            _, pile, pins = op
            f.int(0, 15, 10)
            f.int(-2, 4, pile)
            f.int(0, 11, len(pins))
            for p in pins:
                f.int(-1, 11, p)
    return f.data()


def engine_seeds():
    out = {}
    for i in range(4):
        out["first-play-sackson-%d" % i] = engine_seed("sackson-%d" % i, False, "L" * 140)
        out["first-play-strict-%d" % i] = engine_seed("strict-%d" % i, True, "L" * 140)
    out["stops"] = engine_seed("stops", False, ("LLS" * 60))
    out["resign-then-more"] = engine_seed("resign", True, "L" * 20 + "R" + "LSR")
    bad = [("P", -1, [1]), ("P", 3, [1]), ("P", 0, []), ("P", 0, [1, 2, 3, 4]), ("P", 0, [0]),
           ("P", 0, [11]), ("P", 0, [1, 1]), ("P", 1, [7, 8]), ("P", 2, [5]), ("P", 0, [1, 10]),
           ("P", 0, [-1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1])]
    ops = []
    for b in bad:
        ops += [b, "L"]
    out["refused-plays"] = engine_seed("refused", False, ops + ["L"] * 100)
    return out


# ---------------------------------------------------------------- lane
def frames_of(ruleset, rolls):
    """Splits one side's rolls [(pins, foul)] into its frames, as the sheet does."""
    rack = 10 if ruleset == "tenpin" else 6
    frames, i = [], 0
    for f in range(1, 11):
        if f == 10:
            frames.append(rolls[i:])
        elif ruleset == "compact" or rolls[i][0] != rack:
            frames.append(rolls[i:i + 2])
            i += 2
        else:
            frames.append(rolls[i:i + 1])
            i += 1
    return frames


def lane_seed(ruleset, rolloff, order, sides_rolls, undo_at=()):
    """A whole game: the roll-off reports [(side, pins)], then each side's rolls frame by
    frame in the order of play; an undo and the same report again after the reports numbered
    in undo_at."""
    f = Fdp()
    f.int(0, 2, ["compact-official", "compact", "tenpin"].index(ruleset))
    f.int(1, 8, len(sides_rolls))
    reports = [(s, p, False) for s, p in rolloff]
    frames = [frames_of(ruleset, r) for r in sides_rolls]
    for fr in range(10):
        for s in order:
            reports += [(s, p, foul) for p, foul in frames[s][fr]]
    for n, (side, pins, foul) in enumerate(reports):
        for again in range(2 if n in undo_at else 1):
            if again:
                f.int(0, 15, 15)  # undo
            f.int(0, 15, 12)  # a report with the side and count given
            f.int(-1, 8, side)
            f.bool(False)
            f.int(-2, 12, pins)
            f.bool(foul)
    return f.data()


def lane_seeds():
    R = lambda *pins: [(p, False) for p in pins]
    F = (0, True)
    out = {}
    out["tenpin-perfect"] = lane_seed("tenpin", [], [0], [R(*[10] * 12)])
    out["tenpin-spares"] = lane_seed("tenpin", [], [0], [R(*[5, 5] * 10, 5)])
    out["tenpin-open-fouls"] = lane_seed("tenpin", [], [0], [[F, (9, False)] * 9 + [F, F]])
    # 2 < 5: side 0 plays first.
    out["official-two-sides"] = lane_seed(
        "compact-official", [(0, 2), (1, 5)], [0, 1],
        [R(6, 3, 3, 6, 2, 4, 0, 6, 1, 1, 6, 6, 5, 0, 3, 3, 6),
         [F, (6, False)] + R(6, 6, 5, 1, 4, 2, 0, 0, 6, 2, 3, 3, 3, 6, 6, 5)],
        undo_at=(4, 20))
    # Sides 0 and 1 tie on 4 behind side 2's 2; side 0 rolls 0 (again), then 6, side 1 rolls 1.
    out["compact-three-tied"] = lane_seed(
        "compact", [(0, 4), (1, 4), (2, 2), (0, 0), (0, 6), (1, 1)], [2, 1, 0],
        [R(*[6, 6] * 10), R(*[3, 2, 6, 0, 0, 6, 1, 1, 2, 2] * 2), [F, F] + R(*[5, 1] * 9)])
    out["tenpin-eight-sides"] = lane_seed(
        "tenpin", [(s, s + 1) for s in range(8)], list(range(8)),
        [R(*[10] * 9, 9, 1, 10) if s % 2 else R(*[3, 4] * 10) for s in range(8)])
    return out


# ---------------------------------------------------------------- league
def league_seed(games, handicap, percent, basis, entering, vacancy, members, rounds, removals,
                records, prefix):
    """members: ids (small ones, -3..30, in one byte; others in eight); removals: (index into
    members or an id, first round); records: per closed round, per member None (no entry) or
    (games [score or None], daily average or None)."""
    f = Fdp()
    f.int(1, 10, games)
    f.bool(handicap)
    f.int(0, 100, percent)
    f.int(0, 300, basis)
    f.int(0, 300, entering)
    f.bool(vacancy is not None)
    if vacancy is not None:
        f.int(0, 300, vacancy)
    f.int(0, 14, len(members))
    for m in members:
        small = -3 <= m <= 30
        f.bool(not small)
        if small:
            f.int(-3, 30, m)
        else:
            f.int(-(1 << 63), (1 << 63) - 1, m)
    f.int(0, 40, rounds)
    f.int(0, 3, len(removals))
    for who, first in removals:
        if isinstance(who, str):  # an id outside the league
            f.int(0, 7, 0)
            f.int(-(1 << 63), (1 << 63) - 1, int(who))
        else:
            f.int(0, 7, 1)
            f.int(0, len(members) - 1, who)
        f.int(1, rounds + 1, first)
    f.int(0, rounds, len(records))
    for record in records:
        for entry in record:
            if entry is None:
                f.int(0, 7, 0)
                continue
            scores, daily = entry
            f.int(0, 7, 1 if daily is not None else 2)
            for s in scores:
                if s is None:
                    f.int(0, 7, 0)
                else:
                    f.int(0, 7, 2)
                    f.int(0, 7, 2)
                    f.int(0, 300, s)
            if daily is not None:
                f.int(0, 300, daily)
    if records:
        f.int(0, len(records) - 1, prefix)
    return f.data()


def league_seeds():
    out = {}
    four = [1, 2, 3, 4]
    out["scratch-four"] = league_seed(
        3, False, 90, 220, 150, None, four, 3, [],
        [[([150, 160, 170], None), ([200, 120, None], 140), ([None, None, None], None), None],
         [([300, 0, 180], None), ([180, 180, 180], None), ([99, 101, 100], 95), ([1, 2, 3], None)]],
        1)
    out["handicap-five-removal"] = league_seed(
        2, True, 90, 220, 150, 130, [10, 20, 30, 40, 50], 6, [(2, 3)],
        [[([s, s + 7], None) for s in (140, 180, 200, 110, 160)],
         [([s + 5, None], 150) for s in (140, 180, 200, 110, 160)],
         [([220, 220], None), None, ([0, 300], None), ([150, 150], None), ([149, 151], None)]],
        2)
    out["big-ids-odd"] = league_seed(
        10, True, 100, 300, 0, 0, [-(1 << 63), (1 << 63) - 1, 7], 5,
        [("123456789", 1), (0, 5)],
        [[([300] * 10, None), ([0] * 10, 0), ([None] * 10, 300)]], 0)
    out["one-member-byes"] = league_seed(1, False, 0, 0, 300, None, [5], 3, [],
                                         [[([10], None)], [None], [([300], 250)]], 1)
    out["long-season"] = league_seed(
        3, True, 80, 210, 170, None, list(range(1, 9)), 14, [(3, 8)],
        [[([100 + 10 * m + r, 150, 200 - m] , None) for m in range(8)] for r in range(12)], 7)
    return out


def main():
    for name, text in PROTOCOL.items():
        write("protocol_decode", name, text)
    for name, text in RECORDS.items():
        write("record_parse", name, text)
    for name, data in engine_seeds().items():
        write("engine_game", name, data)
    for name, data in lane_seeds().items():
        write("lane", name, data)
    for name, data in league_seeds().items():
        write("league", name, data)


if __name__ == "__main__":
    main()
