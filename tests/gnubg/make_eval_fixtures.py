# SPDX-License-Identifier: GPL-3.0-or-later
# Produces the differential fixtures of tavla's 0-ply evaluator from gnubg 1.07 itself.
#
# Run from the repository root (gnubg's Python interpreter; takes about a minute):
#
#     /usr/games/gnubg -t -q -r -p tests/gnubg/make_eval_fixtures.py
#
# Writes tests/fixtures/eval/positions.txt and tests/fixtures/eval/moves.txt (override the folder
# with $TAVLA_FIXTURES_OUT). Deterministic for a given gnubg: positions come from a seeded random
# generator (self-play with gnubg's own noisy 0-ply moves, random placements, and hand-made
# families: bar, closed boards, extreme gammons, race backgammons, crashed boards, finished games,
# bearoffs).
#
# Board encoding in both files: 50 hex digits, the side not on roll (25 slots: ace point .. 24
# point, then the bar) followed by the side on roll, each seen from its own side (gnubg's
# TanBoard, tavla's engine::Board).
#
# positions.txt, one line per position:
#     <position id> <board> <class> <win> <win gammon> <win bg> <lose gammon> <lose bg>
#   class = gnubg.classifypos (0 over, 4 two-sided bearoff database if gnubg found one, 6
#   one-sided bearoff database, 8 race, 9 crashed, 10 contact); probabilities = gnubg.evaluate at
#   0 ply, cubeless, no noise, for the side on roll. A comment line "# cpu: ..." names the
#   processor: its approximate reciprocal decides the last bits of gnubg's outputs.
#
# moves.txt, per position and roll: a header line
#     position <position id> <board> dice <d1> <d2> moves <n>
#   (n = the number of legal moves), then gnubg's best two moves (one if there is only one), in
#   its ranking (0-ply, cubeless `hint`):
#     <board after the move> <equity> <win> <win gammon> <win bg> <lose gammon> <lose bg>
#   the board after the move is seen from the mover's side (not swapped); equity and
#   probabilities are for the mover (cubeless money equity).

import os
import random

import gnubg

SEED = 20240229
OUT = os.environ.get('TAVLA_FIXTURES_OUT', 'tests/fixtures/eval')

rng = random.Random(SEED)


# --- boards ---------------------------------------------------------------------------------

def empty():
    return [[0] * 25, [0] * 25]


def to_hex(b):
    return ''.join('%x' % c for c in b[0]) + ''.join('%x' % c for c in b[1])


def as_tuple(b):
    return (tuple(b[0]), tuple(b[1]))


def swapped(b):
    return [list(b[1]), list(b[0])]


def legal(b):
    for s in range(2):
        if sum(b[s]) > 15 or min(b[s]) < 0:
            return False
    for i in range(24):
        if b[1][i] and b[0][23 - i]:
            return False
    return True


def apply_move(b, pairs):
    """Applies gnubg move pairs (1-based points, 25 = bar, 0 = off) for the side on roll."""
    b = [list(b[0]), list(b[1])]
    us, them = b[1], b[0]
    for f, t in pairs:
        src = 24 if f == 25 else f - 1
        assert us[src] > 0, (b, pairs)
        us[src] -= 1
        if t > 0:
            dst = t - 1
            if them[23 - dst] == 1:
                them[23 - dst] = 0
                them[24] += 1
            assert them[23 - dst] == 0, (b, pairs)
            us[dst] += 1
    return b


def move_pairs(flat):
    return [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2) if flat[i] >= 0]


# --- gnubg session --------------------------------------------------------------------------

gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set evaluation chequerplay evaluation plies 0')
gnubg.command('set evaluation chequerplay evaluation cubeful off')
gnubg.command('set evaluation chequerplay evaluation prune off')
gnubg.command('set evaluation chequerplay evaluation noise 0')
gnubg.command('new game')
CUBE = gnubg.cubeinfo()
EC0 = gnubg.evalcontext(0, 0, 1, 0, 0.0)


def evaluate(b):
    return gnubg.evaluate(as_tuple(b), CUBE, EC0)[:5]


def classify(b):
    return gnubg.classifypos(as_tuple(b))


# --- position families ----------------------------------------------------------------------

def self_play_positions(games, every):
    out = []
    for g in range(games):
        noise = rng.choice([0.0, 0.02, 0.1, 0.3, 0.6, 1.0])
        ec = gnubg.evalcontext(0, 0, 1, 0, noise)  # deterministic noise: reproducible games
        b = [list(x) for x in gnubg.positionfromid('4HPwATDgc/ABMA')]
        ply = 0
        while sum(b[0]) and sum(b[1]):
            if ply % every == g % every:
                out.append(b)
            d = (rng.randint(1, 6), rng.randint(1, 6))
            try:
                m = gnubg.findbestmove(as_tuple(b), CUBE, ec, d)
            except Exception:
                m = ()
            if m:
                b = apply_move(b, move_pairs(list(m)))
            b = swapped(b)
            ply += 1
        out.append(b)  # the finished game, from the loser's side
    return out


def random_contact(n):
    """gnubg's calibrate boards: 15 chequers a side on the 24 points, alternately placed."""
    out = []
    for _ in range(n):
        b = empty()
        for _ in range(15):
            while True:
                k = rng.randrange(24)
                if not b[1][23 - k]:
                    break
            b[0][k] += 1
            while True:
                k = rng.randrange(24)
                if not b[0][23 - k]:
                    break
            b[1][k] += 1
        out.append(b)
    return out


class Stuck(Exception):
    pass


def scatter(side, n, lo, hi, other=None):
    """Puts n chequers of `side` on indices lo..hi, avoiding points `other` holds."""
    for _ in range(n):
        for _ in range(1000):
            k = rng.randint(lo, hi)
            if other is None or k > 23 or not other[23 - k]:
                break
        else:
            raise Stuck()
        side[k] += 1


def generate(n, make):
    """n boards from make(), retrying when a family's random placement gets stuck."""
    out = []
    while len(out) < n:
        try:
            b = make()
        except Stuck:
            continue
        if b is not None:
            out.append(b)
    return out


def either_side(b):
    """The board or its mirror (the other side on roll), at random; None if illegal."""
    if not legal(b):
        return None
    return b if rng.random() < 0.5 else swapped(b)


def bar_position():
    b = empty()
    us, them = b[1], b[0]
    left = 15
    for p in rng.sample(range(6), rng.randint(0, 6)):  # the opponent's closed home points
        c = rng.choice([2, 2, 3])
        them[p] += c
        left -= c
    scatter(them, left, 0, 23, us)
    on_bar = rng.randint(1, 4)
    us[24] = on_bar
    scatter(us, 15 - on_bar - rng.randint(0, 2), 0, 23, them)
    if rng.random() < 0.3:  # the opponent on the bar as well
        k = max(i for i in range(25) if them[i])
        them[k] -= 1
        them[24] += 1
    return either_side(b)


def gammonish():
    """One side far behind (everything in the other's home and outer boards or on the bar)."""
    b = empty()
    us, them = b[1], b[0]
    scatter(them, 15, 12, 24, None)
    off = rng.randint(0, 12)
    scatter(us, 15 - off, 0, rng.choice([5, 8, 11, 17]), them)
    return either_side(b)


def race_position():
    b = empty()
    w, l = b[1], b[0]
    lb = rng.randint(4, 18)
    wb = rng.randint(3, 22 - lb)
    l[lb] = 1
    w[wb] = 1
    scatter(l, 14 - rng.randint(0, 8), 0, lb)
    scatter(w, 14 - rng.randint(0, 8), 0, wb)
    return either_side(b)


def race_backgammon_position():
    """The loser has stragglers in the winner's home board and all 15 chequers on."""
    b = empty()
    w, l = b[1], b[0]
    lb = rng.randint(18, 22)       # the loser's rearmost chequer
    wb = rng.randint(0, 22 - lb)   # the winner's rearmost
    l[lb] = 1
    scatter(l, rng.randint(0, 8), 18, lb)
    scatter(l, 15 - sum(l), 0, 17)
    w[wb] = 1
    scatter(w, 14 - rng.randint(0, 12), 0, wb)
    return either_side(b)


def crashed_position():
    """A side with few chequers left or most of them dead on its ace and deuce points, still in
    contact."""
    b = empty()
    us, them = b[1], b[0]
    us[0] = rng.randint(0, 6)
    us[1] = rng.randint(0, 4)
    scatter(us, rng.randint(1, 5), 2, 23, None)
    us[rng.randint(18, 24)] += 1
    if sum(us) > 15:
        return None
    scatter(them, rng.randint(1, 3), 18, 23, us)
    scatter(them, max(0, 15 - sum(them) - rng.randint(0, 5)), 0, 17, us)
    return either_side(b)


def finished_game():
    b = empty()
    left = 15 - rng.choice([0, 0, 0, 3, 9])
    scatter(b[rng.randint(0, 1)], left, rng.choice([0, 6, 12, 18]), 24, None)
    return b


def bearoff():
    b = empty()
    scatter(b[0], rng.randint(1, 15), 0, 5)
    scatter(b[1], rng.randint(1, 15), 0, 5)
    return b


# --- output ---------------------------------------------------------------------------------

def fmt(x):
    return '%.9g' % x


def cpu():
    """The processor: gnubg's hidden layer uses its approximate reciprocal (rcpps), so the
    outputs' last bits depend on it (AMD and Intel differ)."""
    vendor = model = '?'
    try:
        for line in open('/proc/cpuinfo'):
            key, _, value = line.partition(':')
            if key.strip() == 'vendor_id':
                vendor = value.strip()
            elif key.strip() == 'model name':
                model = value.strip()
    except OSError:
        pass
    return '%s %s' % (vendor, model)


def main():
    os.makedirs(OUT, exist_ok=True)
    families = [
        ('self-play', self_play_positions(70, 2)),
        ('random contact (calibrate)', random_contact(300)),
        ('bar and closed boards', generate(200, bar_position)),
        ('gammonish', generate(150, gammonish)),
        ('race', generate(150, race_position)),
        ('race backgammon', generate(250, race_backgammon_position)),
        ('crashed', generate(150, crashed_position)),
        ('finished games', generate(30, finished_game)),
        ('bearoff', generate(40, bearoff)),
    ]
    seen = set()
    rows = []
    counts = {}
    for name, positions in families:
        for b in positions:
            key = to_hex(b)
            if key in seen:
                continue
            seen.add(key)
            c = classify(b)
            p = evaluate(b)
            rows.append((gnubg.positionid(as_tuple(b)), key, c, p, b))
            counts[c] = counts.get(c, 0) + 1
    with open(os.path.join(OUT, 'positions.txt'), 'w') as f:
        f.write('# gnubg 1.07 0-ply cubeless evaluations; written by '
                'tests/gnubg/make_eval_fixtures.py (format described there)\n')
        f.write('# classes: %s\n' % ' '.join('%d:%d' % kv for kv in sorted(counts.items())))
        f.write('# cpu: %s\n' % cpu())
        for pid, key, c, p, _ in rows:
            f.write('%s %s %d %s\n' % (pid, key, c, ' '.join(fmt(x) for x in p)))

    # Move rankings for a sample of positions with random dice.
    candidates = [r for r in rows if r[2] >= 8]
    rng.shuffle(candidates)
    written = 0
    with open(os.path.join(OUT, 'moves.txt'), 'w') as f:
        f.write('# gnubg 1.07 0-ply cubeless move rankings (hint); written by '
                'tests/gnubg/make_eval_fixtures.py (format described there)\n')
        for pid, key, c, p, b in candidates:
            if written >= 400:
                break
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            gnubg.command('set board %s' % pid)
            gnubg.command('set dice %d %d' % (d1, d2))
            try:
                hint = gnubg.hint(10000)['hint']
            except Exception:
                continue  # no legal move
            if not hint:
                continue
            lines = []
            for k, h in enumerate(hint[:2]):
                after = apply_move(b, gnubg.parsemove(h['move']))
                probs = h['details']['probs']
                # Guard against a stale hint list: recompute the move's evaluation.
                q = evaluate(swapped(after))
                inv = (1 - q[0], q[3], q[4], q[1], q[2])
                assert max(abs(x - y) for x, y in zip(inv, probs)) < 1e-6, (pid, h['move'])
                lines.append('%s %s %s\n' % (to_hex(after), fmt(h['equity']),
                                             ' '.join(fmt(x) for x in probs)))
            f.write('position %s %s dice %d %d moves %d\n' % (pid, key, d1, d2, len(hint)))
            f.writelines(lines)
            written += 1
    print('eval fixtures: %d positions %s, %d move rankings, in %s' %
          (len(rows), counts, written, OUT))


main()
