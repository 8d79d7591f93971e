#!/usr/bin/python3
"""A real-browser test of `tavola serve`'s web application.

    /usr/bin/python3 tests/serve/browser_test.py PATH/TO/tavola OUTDIR

Starts `tavola serve --port 0 --db OUTDIR/browser.db`, drives Debian's headless
chromium through python3-selenium and plays only by clicking (no API call makes
a move):
  1. pahtum (holes=7) against the engine `random`, clicked to the end; the
     result is shown and the lobby's statistics for pahtum count one more game;
  2. tihbat between two browsers (separate profiles): A creates it, B opens the
     invitation link, they alternate clicks; both see the result through the
     event stream (the pages are never reloaded);
  3. checkers, both seats in one browser (the creator also opens the seat-2
     link): an opening, then the double jump b6xd4xb2 clicked cell by cell;
  4. amazons (size=6): a queen, its destination, the arrow;
  5. every ruleset of GET /api/rulesets, human against human with both seats
     in one browser (a few created through the lobby's form, the rest by
     POST /api/games, then the seat links opened): a short scripted opening
     where a ruleset needs one to reach its feature, then three seeded random
     legal moves, each turned into the clicks the page expects (its cells in
     order, a column's cell, the choice among several complete moves, the
     pass/swap button); the ply must grow by one and the history show the
     move. Connect Four columns, Pentago rotations, a Konane chain, Amazons
     arrows, a Nine Men's Morris removal, Go's pass, a Hex swap and a chess
     promotion must all have been clicked. These clicks are the browser's own
     mouse input at the element's centre (DevTools Input.dispatchMouseEvent,
     hit-tested, so a covered cell fails): a third of the cost of WebDriver's
     element click on a busy machine;
  6. a hostile ruleset (tictactoe.lua with <img onerror>, <script> and "&'
     in its title, description, player names and an option's doc) served by a
     second server with --rules DIR: the lobby and a game of it show the texts
     literally, nothing runs (window.__pwned stays unset), no <img src=x>
     appears, and no Content-Security-Policy violation is reported.
Screenshots go to OUTDIR (pahtum_end.png, tihbat_end.png, checkers_jump.png,
amazons.png, rulesets_last.png, hostile_lobby.png, hostile_game.png). Exit 0
when everything passed. The DOM hooks it relies on are
listed at the top of plugin/serve/web/app.js.
"""
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import (StaleElementReferenceException, TimeoutException,
                                        WebDriverException)
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common import utils as selenium_utils
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = '/usr/bin/chromium'
CHROMEDRIVER = '/usr/bin/chromedriver'

# English checkers: after these five moves Black (seat 2) must jump twice.
CHECKERS_OPENING = ['a3-b4', 'b6-a5', 'b2-a3', 'a7-b6', 'b4-c5']
CHECKERS_CHAIN = 'b6xd4xb2'


class Failure(Exception):
    pass


def log(*a):
    print('[%6.1fs]' % (time.monotonic() - T0), *a, flush=True)


T0 = time.monotonic()


# ------------------------------------------------------------------ server

class Server:
    def __init__(self, tavola, outdir, name='browser', extra=()):
        db = os.path.join(outdir, name + '.db')
        for suffix in ('', '-wal', '-shm', '-journal'):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        self.logname = name + '_server.log'
        self.errlog = open(os.path.join(outdir, self.logname), 'w')
        self.proc = subprocess.Popen([tavola, 'serve', '--port', '0', '--db', db] + list(extra),
                                     stdout=subprocess.PIPE, stderr=self.errlog,
                                     stdin=subprocess.DEVNULL, text=True)
        self.url = None
        got = threading.Event()

        def reader():
            for line in self.proc.stdout:     # keep draining: the pipe never fills
                m = re.search(r'listening on (http://\S+)', line)
                if m and not self.url:
                    self.url = m.group(1).rstrip('/') + '/'
                    got.set()
            got.set()
        threading.Thread(target=reader, daemon=True).start()
        if not got.wait(20) or not self.url:
            rc = self.proc.poll()
            self.stop()
            if rc is not None:
                raise Failure('the server exited (status %s) before listening (see %s)' % (rc, self.logname))
            raise Failure('the server did not say "listening on" within 20 s (see %s)' % self.logname)
        log('server at', self.url)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.errlog.close()


# ------------------------------------------------------------------ browser helpers

class LoopbackService(Service):
    """ChromeDriver reached at 127.0.0.1, not "localhost": a new Debian root
    made by debootstrap has no /etc/hosts, so "localhost" may not resolve
    (selenium names it in two places)."""

    @property
    def service_url(self):
        return "http://127.0.0.1:%d" % self.port

    def is_connectable(self):
        return selenium_utils.is_connectable(self.port, host="127.0.0.1")


CHROMIUMS = []  # the browsers started here, ended by end_browsers()


def free_port():
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        return sk.getsockname()[1]


def browser(profile_dir):
    """Chromium started here with its DevTools on 127.0.0.1, and ChromeDriver
    attached to it there (ChromeDriver would reach a browser it starts itself
    at "localhost", which a root without /etc/hosts cannot resolve)."""
    port = free_port()
    proc = subprocess.Popen([CHROMIUM, '--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu',
                             '--window-size=1280,1000', '--no-first-run', '--disable-extensions',
                             '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=%d' % port,
                             '--user-data-dir=' + profile_dir, 'about:blank'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    CHROMIUMS.append(proc)
    deadline = time.monotonic() + 30
    while not selenium_utils.is_connectable(port, host="127.0.0.1"):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise Failure('chromium did not open its DevTools port (exit %s)' % proc.poll())
        time.sleep(0.1)
    o = Options()
    o.add_experimental_option('debuggerAddress', '127.0.0.1:%d' % port)
    o.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    d = webdriver.Chrome(service=LoopbackService(CHROMEDRIVER), options=o)
    d.set_page_load_timeout(20)
    d.set_script_timeout(10)
    return d


def end_browsers():
    for proc in CHROMIUMS:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def wait(d, cond, timeout, what):
    try:
        return WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda drv: cond())
    except TimeoutException:
        raise Failure('timed out (%ss) waiting for %s' % (timeout, what)) from None


def css(d, sel):
    return d.find_elements(By.CSS_SELECTOR, sel)


def game(d):
    """The #game section's data attributes (empty when not on a game page)."""
    return d.execute_script(
        "const g = document.querySelector('#game'); return g ? Object.assign({}, g.dataset) : {};")


def legal(d):
    return d.execute_script(
        "return Array.from(document.querySelectorAll('#legal [data-move]'), b => b.dataset.move);")


def history(d):
    return d.execute_script(
        "return Array.from(document.querySelectorAll('#history li'), li => li.textContent);")


def cell_classes(d, cell):
    return d.execute_script(
        "const c = document.querySelector('#board [data-cell=\"' + arguments[0] + '\"]');"
        "return c ? Array.from(c.classList) : null;", cell)


def click_cell(d, cell):
    for attempt in range(5):       # the board may be redrawn by a live update meanwhile
        els = css(d, '#board [data-cell="%s"]' % cell)
        if not els:
            raise Failure('no cell %s on the board' % cell)
        try:
            els[0].click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise Failure('the cell %s kept going stale' % cell)


def message(d):
    m = css(d, '#message')
    return m[0].text if m and m[0].is_displayed() else ''


def to_lobby(d, base=None):
    d.get((base or BASE) + '#/')
    wait(d, lambda: css(d, 'article.ruleset[data-ruleset] .stats[data-games]'), 15, 'the lobby')


def stats_games(d, ruleset):
    e = css(d, 'article.ruleset[data-ruleset="%s"] .stats[data-games]' % ruleset)
    return int(e[0].get_attribute('data-games')) if e else None


def set_field(el, value):
    if el.tag_name == 'select':
        Select(el).select_by_value(str(value))
    elif el.get_attribute('type') == 'checkbox':
        if el.is_selected() != bool(value):
            el.click()
    else:
        el.clear()
        el.send_keys(str(value))


def create_game(d, ruleset, options=None, p1=None, p2=None, seed=None, base=None):
    """Fills the lobby's form for RULESET and creates the game; returns its id."""
    to_lobby(d, base)
    card = css(d, 'article.ruleset[data-ruleset="%s"]' % ruleset)
    if not card:
        raise Failure('the lobby lists no %s' % ruleset)
    card = card[0]
    d.execute_script('arguments[0].scrollIntoView({block: "center"});', card)
    card.find_element(By.CSS_SELECTOR, 'details.setup > summary').click()
    for name, value in (options or {}).items():
        set_field(card.find_element(By.CSS_SELECTOR, '[data-option="%s"]' % name), value)
    for seat, spec in ((1, p1), (2, p2)):
        if spec is None:
            continue
        sel = Select(card.find_element(By.CSS_SELECTOR, 'select.seat[data-seat="%d"]' % seat))
        if spec in [o.get_attribute('value') for o in sel.options]:
            sel.select_by_value(spec)
        else:
            set_field(card.find_element(By.CSS_SELECTOR, '[data-seat-spec="%d"]' % seat), spec)
    if seed is not None:
        set_field(card.find_element(By.CSS_SELECTOR, 'input[name=seed]'), seed)
    card.find_element(By.CSS_SELECTOR, 'button.create').click()
    wait(d, lambda: re.search(r'#/game/[^/]+$', d.current_url) or message(d), 15, 'the new game page')
    if not re.search(r'#/game/[^/]+$', d.current_url):
        raise Failure('creating %s failed: %s' % (ruleset, message(d)))
    gid = re.search(r'#/game/([^/]+)$', d.current_url).group(1)
    wait(d, lambda: game(d).get('version'), 15, 'the %s game to load' % ruleset)
    log('created %s game %s' % (ruleset, gid))
    return gid


def wait_turn(d, timeout, what):
    """Waits until this page may click (returns True) or the game is over (False)."""
    def ready():
        g = game(d)
        if g.get('status') == 'over':
            return 'over'
        if g.get('interactive') == 'true' and legal(d):
            return 'turn'
        return None
    return wait(d, ready, timeout, what) == 'turn'


def play_by_clicks(d, move):
    """Clicks MOVE's cells one by one (as the page reads them) and waits for it
    to be stored; checks that nothing is sent before the last cell."""
    g0 = game(d)
    ply0 = int(g0['ply'])
    cells = d.execute_script(
        "const t = arguments[0], set = new Set(Array.from("
        "  document.querySelectorAll('#board [data-cell]'), c => c.getAttribute('data-cell')));"
        "return Array.from(t.matchAll(/[a-z]+[0-9]+/g), m => {"
        "  let c = m[0]; while (!set.has(c) && /^[a-z]{2}/.test(c)) c = c.slice(1); return c; });",
        move)
    if not cells:
        raise Failure('the move %s has no cells to click' % move)
    for i, c in enumerate(cells):
        cls = cell_classes(d, c)
        if cls is None:
            raise Failure('%s: no cell %s on the board' % (move, c))
        if 'tv-next' not in cls:
            raise Failure('%s: cell %s (click %d) is not highlighted as clickable: %s' % (move, c, i + 1, cls))
        click_cell(d, c)
        if i + 1 < len(cells):
            time.sleep(0.05)
            if int(game(d)['ply']) != ply0:
                raise Failure('%s was sent before its last cell' % move)
            sel = cell_classes(d, c)
            if 'tv-sel' not in sel:
                raise Failure('%s: the clicked cell %s is not marked selected' % (move, c))
    wait(d, lambda: int(game(d).get('ply', ply0)) > ply0 or message(d), 15, 'the move %s to be stored' % move)
    if int(game(d)['ply']) <= ply0:
        raise Failure('the move %s failed: %s' % (move, message(d)))
    h = history(d)
    if len(h) <= ply0 or h[ply0] != move:
        raise Failure('the history shows %r at ply %d, not %s' % (h[ply0:ply0 + 1], ply0 + 1, move))


def cell_moves(moves):
    return [m for m in moves if re.search(r'[a-z]+[0-9]+', m)]


def shot(d, outdir, name):
    path = os.path.join(outdir, name)
    d.save_screenshot(path)
    log('screenshot', path)


def step(name, limit, fn, *args):
    t = time.monotonic()
    log('--- %s (limit %d s)' % (name, limit))
    result = [None]
    err = [None]

    def run():
        try:
            fn(*args)
        except BaseException as e:      # noqa: reported below
            err[0] = e
            result[0] = traceback.format_exc()
    th = threading.Thread(target=run, daemon=True)
    th.start()
    th.join(limit)
    if th.is_alive():
        raise Failure('%s: over its time limit of %d s' % (name, limit))
    if err[0] is not None:
        if not isinstance(err[0], Failure):
            sys.stderr.write(result[0])
        raise Failure('%s: %s' % (name, err[0]))
    log('--- %s passed in %.1f s' % (name, time.monotonic() - t))


# ------------------------------------------------------------------ the steps

def test_pahtum(d, outdir):
    to_lobby(d)
    before = stats_games(d, 'pahtum')
    if before is None:
        raise Failure('no statistics element for pahtum in the lobby')
    create_game(d, 'pahtum', options={'holes': 7}, p2='random')
    opts = d.find_element(By.ID, 'options').text
    if 'holes=7' not in opts:
        raise Failure('the game does not show holes=7 in its options: %r' % opts)
    rng = random.Random(7)
    moves = 0
    while wait_turn(d, 20, 'my turn in pahtum'):
        ms = [m for m in cell_moves(legal(d)) if re.fullmatch(r'[a-z]+[0-9]+', m)]
        if not ms:
            raise Failure('no cell to place on, legal: %s' % legal(d))
        play_by_clicks(d, rng.choice(ms))
        moves += 1
        if moves > 60:
            raise Failure('pahtum does not end')
    res = d.find_element(By.ID, 'result')
    wait(d, lambda: 'over' in res.get_attribute('class') and res.text.strip(), 5, 'the result shown')
    log('pahtum over after %d clicks: %s | scores %s' % (moves, res.text, d.find_element(By.ID, 'scores').text))
    if d.find_element(By.ID, 'status').get_attribute('data-state') != 'over':
        raise Failure('the status line does not say the game is over')
    shot(d, outdir, 'pahtum_end.png')
    # the statistics count the finished game
    deadline = time.monotonic() + 15
    while True:
        to_lobby(d)
        after = stats_games(d, 'pahtum')
        if after == before + 1:
            break
        if time.monotonic() > deadline:
            raise Failure('pahtum statistics: %s games before, %s after (expected +1)' % (before, after))
        time.sleep(0.5)
    txt = css(d, 'article.ruleset[data-ruleset="pahtum"] .stats')[0].text
    if '%' not in txt:
        raise Failure('the statistics show no percentages: %r' % txt)
    log('pahtum statistics: %d -> %d games (%s)' % (before, after, txt))


def test_tihbat(a, b, outdir):
    gid = create_game(a, 'tihbat', p1='human', p2='human')
    inv = wait(a, lambda: [e for e in css(a, '#invite') if e.is_displayed() and e.get_attribute('href')],
               5, 'the invitation link')[0].get_attribute('href')
    if '/seat/' not in inv or gid not in inv:
        raise Failure('odd invitation link %r' % inv)
    log('invitation', inv)
    b.get(inv)
    wait(b, lambda: re.search(r'#/game/%s$' % re.escape(gid), b.current_url), 10, 'B to land on the game')
    wait(b, lambda: game(b).get('version'), 10, 'B to load the game')
    seats_b = b.execute_script("return Array.from(document.querySelectorAll('#players li.mine'), l => l.dataset.seat);")
    if seats_b != ['2']:
        raise Failure('B should hold seat 2 only, holds %s' % seats_b)
    # markers that would vanish on a reload: the updates must come by events
    for d in (a, b):
        d.execute_script('window.__noReload = 1;')
    rng = random.Random(3)
    clicks = 0
    while True:
        ga = game(a)
        if ga.get('status') == 'over':
            break
        mover, other = (a, b) if ga['toMove'] == '1' else (b, a)
        ply = ga['ply']
        wait(mover, lambda: game(mover).get('ply') == ply and game(mover).get('interactive') == 'true',
             10, 'the mover to see ply %s (live update)' % ply)
        if game(other).get('interactive') == 'true':
            raise Failure('both pages think they may move')
        play_by_clicks(mover, rng.choice(cell_moves(legal(mover))))
        clicks += 1
        newply = game(mover)['ply']
        wait(other, lambda: game(other).get('ply') == newply, 10, 'the other page to see ply %s by events' % newply)
        ga = game(a)
        if clicks > 200:
            raise Failure('tihbat does not end')
    for name, d in (('A', a), ('B', b)):
        wait(d, lambda: game(d).get('status') == 'over', 10, '%s to see the end' % name)
        res = d.find_element(By.ID, 'result')
        wait(d, lambda: 'over' in res.get_attribute('class') and res.text.strip(), 5, '%s to show the result' % name)
        if not d.execute_script('return window.__noReload === 1;'):
            raise Failure('page %s was reloaded' % name)
    ra, rb = a.find_element(By.ID, 'result').text, b.find_element(By.ID, 'result').text
    if ra != rb:
        raise Failure('A and B show different results: %r / %r' % (ra, rb))
    log('tihbat over after %d clicks: %s' % (clicks, ra))
    shot(b, outdir, 'tihbat_end.png')


def test_checkers(d, outdir):
    gid = create_game(d, 'checkers', p1='human', p2='human', seed=1)
    inv = d.find_element(By.ID, 'invite').get_attribute('href')
    d.get(inv)                    # the same browser takes seat 2 too: both seats here
    wait(d, lambda: re.search(r'#/game/%s$' % re.escape(gid), d.current_url), 10, 'the game after joining')
    wait(d, lambda: len(css(d, '#players li.mine')) == 2, 10, 'both seats held')
    for m in CHECKERS_OPENING:
        wait(d, lambda: game(d).get('interactive') == 'true' and m in legal(d), 10, '%s to be legal' % m)
        play_by_clicks(d, m)
    wait(d, lambda: CHECKERS_CHAIN in legal(d), 10, 'the double jump to be legal')
    ply0 = int(game(d)['ply'])
    first, mid, last = 'b6', 'd4', 'b2'
    click_cell(d, first)
    if 'tv-next' not in cell_classes(d, mid):
        raise Failure('after b6, d4 is not highlighted: %s' % cell_classes(d, mid))
    click_cell(d, mid)
    time.sleep(0.1)
    if int(game(d)['ply']) != ply0:
        raise Failure('the chain was sent after two of its three cells')
    if 'tv-next' not in cell_classes(d, last):
        raise Failure('after b6 d4, b2 is not highlighted: %s' % cell_classes(d, last))
    click_cell(d, last)
    wait(d, lambda: int(game(d)['ply']) == ply0 + 1, 10, 'the chain to be stored')
    h = history(d)
    if h[-1] != CHECKERS_CHAIN:
        raise Failure('history ends with %r, not %s' % (h[-1], CHECKERS_CHAIN))
    log('checkers: %s played by three clicks; history %s' % (CHECKERS_CHAIN, ' '.join(h)))
    shot(d, outdir, 'checkers_jump.png')
    # review: step back to the start and forward again
    d.find_element(By.CSS_SELECTOR, '#review [data-review=first]').click()
    wait(d, lambda: game(d).get('viewPly') == '0', 10, 'review at ply 0')
    if game(d).get('interactive') != 'false':
        raise Failure('reviewing should not allow moves')
    d.find_element(By.CSS_SELECTOR, '#review [data-review=next]').click()
    wait(d, lambda: game(d).get('viewPly') == '1', 10, 'review at ply 1')
    d.find_element(By.CSS_SELECTOR, '#review [data-review=last]').click()
    wait(d, lambda: game(d).get('viewPly') == str(ply0 + 1) and game(d).get('interactive') == 'true',
         10, 'back to the live position')


def test_amazons(d, outdir):
    create_game(d, 'amazons', options={'size': 6}, p1='human', p2='random')
    wait_turn(d, 10, 'my turn in amazons')
    ms = legal(d)
    # prefer a shot back to the queen's own cell (a cell clicked twice)
    back = [m for m in ms if re.fullmatch(r'([a-z]+[0-9]+)-[a-z]+[0-9]+/\1', m)]
    move = back[0] if back else ms[0]
    play_by_clicks(d, move)
    log('amazons: %s played by three clicks' % move)
    shot(d, outdir, 'amazons.png')


# ------------------------------------------------------------------ every ruleset by clicks

# A scripted opening (clicked like any other move) for the rulesets whose
# feature needs one, options for the game, and a pattern that the first random
# move prefers when a legal move matches it: so that every kind of click the
# page knows is made at least once.
RULESET_PLANS = {
    # after c3 d3 a3xc3, f3xd3 and the chain f3xd3xb3 are both legal: the page
    # must offer f3xd3 and wait for b3
    'konane': {'opening': ['c3', 'd3', 'a3xc3'], 'prefer': r'x.*x'},
    # g1 closes the mill a1-d1-g1: every g1 move removes a man (g1xb2, ...)
    'nine_mens_morris': {'opening': ['a1', 'b2', 'd1', 'd2'], 'prefer': r'x'},
    # b7xa8=Q/R/B/N: four complete moves after b7 a8, chosen by a button
    'chess': {'opening': ['a2-a4', 'b7-b5', 'a4xb5', 'a7-a6', 'b5xa6', 'c8-b7', 'a6xb7', 'g8-f6'],
              'prefer': r'=Q$'},
    'go': {'prefer': r'^pass$'},
    'hex': {'options': 'swap=true', 'prefer': r'^swap$'},
    # 10x10 lists 2176 moves at first: the page redraws as many buttons after
    # every move, slow on a busy machine; 6x6 has arrows all the same
    'amazons': {'options': 'size=6'},
}
# these are created through the lobby's form, the rest by POST /api/games
LOBBY_CREATED = ('connect4', 'pentago', 'nine_mens_morris')
RANDOM_MOVES = 3
SEED = 11


def api(method, path, fields=None, base=None):
    """The server's JSON answer (a few retries on 429: the rate limit is shared
    with the browser, which runs on the same address)."""
    data = urllib.parse.urlencode(fields).encode() if fields is not None else None
    for attempt in range(6):
        req = urllib.request.Request((base or BASE).rstrip('/') + path, data=data, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code == 429 and attempt < 5:
                time.sleep(0.3)
                continue
            raise Failure('%s %s: %s %s' % (method, path, e.code, e.read()[:200])) from None
        except (urllib.error.URLError, OSError) as e:
            raise Failure('%s %s: %s' % (method, path, e)) from None


# The game page's state, built in the page (each WebDriver round trip costs
# tens of milliseconds on a busy machine: one call tells everything).
# Arguments: a cell and the cell clicked before it (their elements and
# classes; the cell is scrolled into view and its centre hit-tested), whether
# to list the board's cells and the legal moves.
STATE_FN = """function tvPoint(e) {
  let r = e.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    e.scrollIntoView({block: 'center', inline: 'center'});
    r = e.getBoundingClientRect();
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2, at = document.elementFromPoint(x, y);
  return {x: x, y: y, hit: !!at && (at === e || e.contains(at) || at.closest('[data-cell]') === e),
          at: at ? at.outerHTML.slice(0, 120) : null};
}
function tvState(c0, wantCells, wantLegal, p0) {
  const g = document.querySelector('#game'), m = document.querySelector('#message');
  const q = (sel) => Array.from(document.querySelectorAll(sel));
  const cell = (n) => n ? document.querySelector('#board [data-cell="' + n + '"]') : null;
  const c = cell(c0), p = cell(p0);
  return {
    point: c ? tvPoint(c) : null,
    sending: !!document.querySelector('#board.busy'),
    ply: g ? Number(g.dataset.ply) : null, status: g ? g.dataset.status : null,
    interactive: g ? g.dataset.interactive : null, toMove: g ? g.dataset.toMove : null,
    message: m && !m.hidden ? m.textContent : '',
    history: q('#history li').map((li) => li.textContent),
    choices: q('#choices button.choice[data-move]').map((b) => b.dataset.move),
    specials: q('#choices button.special[data-move]').map((b) => b.dataset.move),
    cell: !!c, cellClasses: c ? Array.from(c.classList) : null,
    prevClasses: p ? Array.from(p.classList) : null,
    cells: wantCells ? q('#board [data-cell]').map((e) => e.getAttribute('data-cell')) : null,
    legal: wantLegal ? q('#legal [data-move]').map((b) => b.dataset.move) : null,
  };
}"""


def page_state(d, cell=None, cells=False, legal=False, prev=None):
    """The game page's state: ply, status, message, history, the #choices,
    whether a move is being sent (#board.busy), and optionally CELL's classes
    and centre (scrolled into view, hit-tested), PREV's classes, the board's
    cells, the legal moves."""
    return d.execute_script(STATE_FN + '; return tvState(...arguments);', cell, cells, legal, prev)


def settle(d, ply0, move, timeout):
    """Waits in the page until #game's ply is not PLY0, a message shows, or
    the page offers MOVE among several complete moves (#choices) and sends
    nothing; returns the state then, with the cells and legal moves (one round
    trip per 8 s). (While a move is being sent, a live update that lands
    meanwhile repaints the selection, the move in flight among the choices.)"""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise Failure('timed out (%ss) waiting for %s to be stored' % (timeout, move))
        st = d.execute_async_script(
            STATE_FN + ";"
            "const [ply0, move, ms, done] = arguments, t0 = Date.now();"
            "(function poll() {"
            "  const s = tvState(null, true, true, null);"
            "  if (s.ply !== ply0 || s.message || (s.choices.includes(move) && !s.sending) ||"
            "      Date.now() - t0 > ms) done(s);"
            "  else setTimeout(poll, 15);"
            "})();", ply0, move, int(min(left, 8) * 1000))
        if st['ply'] != ply0 or st['message'] or (move in st['choices'] and not st['sending']):
            return st


def move_clicks(move, cells):
    """The cells to click for MOVE, in order: each letters+digits run of its
    text ("b6xd4xb2" -> b6 d4 b2, "d2-d3xf4" -> d2 d3 f4, "a1/2cw" -> a1),
    cut from the left until it names a cell of the board ("xf4" -> "f4")."""
    out = []
    for m in re.findall(r'[a-z]+[0-9]+', move):
        c = m
        while c not in cells and re.match(r'[a-z]{2}', c):
            c = c[1:]
        out.append(c)
    return out


def mouse_click(d, point, what):
    """A left click at POINT (viewport coordinates) as the browser's own input:
    DevTools' Input.dispatchMouseEvent, hit-tested like a person's click
    (WebDriver's element click costs three times the round trips, which a
    busy machine makes slow)."""
    if not point['hit']:
        raise Failure('%s: its centre is covered by %s' % (what, point['at']))
    for kind in ('mousePressed', 'mouseReleased'):
        d.execute_cdp_cmd('Input.dispatchMouseEvent', {'type': kind, 'x': point['x'], 'y': point['y'],
                                                       'button': 'left', 'clickCount': 1})


def click_page_button(d, box, move):
    """Clicks the button of BOX whose data-move is MOVE; False if there is none."""
    pt = d.execute_script(
        STATE_FN + ";"
        "const b = Array.from(document.querySelectorAll(arguments[0] + ' button[data-move]'))"
        "  .find(b => b.dataset.move === arguments[1]);"
        "return b && !b.disabled ? tvPoint(b) : null;", box, move)
    if pt is None:
        return False
    mouse_click(d, pt, 'the button %s' % move)
    return True


def click_move(d, move, rng, st=None, timeout=15):
    """Plays MOVE by clicks only, as a person would: its cells in order (or a
    cell of its column, or its button when it has no cell), then the choice
    button if the page asks which of several complete moves is meant. Checks
    the highlights on the way, that nothing is sent before the last click,
    that after each click the page offers exactly the legal moves the clicks
    so far complete (#choices .choice), that the ply grows by exactly one and that the history ends with MOVE.
    ST: page_state(cells=True, legal=True) just taken, if any. Returns the clicks made
    (for the log), the kind (cells, column, choice or button) and the page's
    state after the move (with its cells and legal moves)."""
    if st is None or st.get('cells') is None or st.get('legal') is None:
        st = page_state(d, cells=True, legal=True)
    ply0, hist0, cells = st['ply'], st['history'], st['cells']
    if len(hist0) != ply0:
        raise Failure('the history has %d moves at ply %d' % (len(hist0), ply0))
    cellset = set(cells)
    clicks = move_clicks(move, cellset)
    by_clicks = {}              # the legal moves by their clicks
    for m in st['legal']:
        by_clicks.setdefault(tuple(move_clicks(m, cellset)), []).append(m)
    how = []

    def check_choices(s, done):
        """After the clicks DONE the page offers exactly the moves they complete."""
        want = sorted(by_clicks.get(tuple(done), []))
        if sorted(s['choices']) != want:
            raise Failure('%s: after %s the page offers %s, not %s' % (move, ' '.join(done), s['choices'], want))

    def click(c, done, what):
        """Checks C is clickable (and, after the clicks DONE, the last of them
        selected, nothing sent yet and the moves they complete offered), then
        clicks it."""
        prev = done[-1] if done else None
        s = page_state(d, cell=c, prev=prev)
        if not s['cell']:
            raise Failure('%s: no cell %s on the board' % (move, c))
        if prev is not None:
            if s['ply'] != ply0 or s['sending']:
                raise Failure('%s was sent after %s, before its last cell' % (move, prev))
            if 'tv-sel' not in (s['prevClasses'] or []):
                raise Failure('%s: the clicked cell %s is not marked selected' % (move, prev))
            check_choices(s, done)
        if 'tv-next' not in s['cellClasses']:
            raise Failure('%s: cell %s (%s) is not highlighted as clickable: %s' % (
                move, c, what, s['cellClasses']))
        mouse_click(d, s['point'], '%s: cell %s' % (move, c))

    if clicks:
        kind = 'cells'
        for i, c in enumerate(clicks):
            click(c, clicks[:i], 'click %d' % (i + 1))
            how.append(c)
        # the click handler has run: either the move is on its way, or the
        # page lists the complete moves this selection could mean
        st = settle(d, ply0, move, timeout)
        if st['ply'] == ply0 and not st['message']:         # not sent: the page asks which move
            check_choices(st, clicks)
            if len(clicks) > 1 and 'tv-sel' not in (cell_classes(d, clicks[-1]) or []):
                raise Failure('%s: the clicked cell %s is not marked selected' % (move, clicks[-1]))
            click_page_button(d, '#choices', move)
            how.append('[%s of %d]' % (move, len(st['choices'])))
            kind = 'choice'
            st = settle(d, ply0, None, timeout)
    elif re.fullmatch(r'[a-z]+', move) and any(re.fullmatch(move + r'[0-9]+', c) for c in cells):
        kind = 'column'
        c = rng.choice([c for c in cells if re.fullmatch(move + r'[0-9]+', c)])
        click(c, [], 'column %s' % move)
        how.append('%s (column %s)' % (c, move))
        st = settle(d, ply0, move, timeout)
    else:
        kind = 'button'
        if not click_page_button(d, '#choices', move):
            raise Failure('%s: no button for it among the choices (%s)' % (move, page_state(d)['specials']))
        how.append('[%s]' % move)
        st = settle(d, ply0, None, timeout)
    if st['ply'] != ply0 + 1:
        raise Failure('after %s the ply is %s, not %d (%s)' % (move, st['ply'], ply0 + 1, st['message']))
    h = st['history']
    if len(h) != ply0 + 1 or h[:ply0] != hist0 or h[ply0] != move:
        raise Failure('after %s at ply %d the history is %s' % (move, ply0, h))
    return ' '.join(how), kind, st


def open_both_seats(d, gid, link1, link2):
    """Opens the seat links in D (seat 1's first, when given): both seats held
    here. Once seat 1's token is stored the page may go on to seat 2's link
    without drawing the game in between."""
    for seat, link in ((1, link1), (2, link2)):
        if not link:
            continue
        url = urllib.parse.urljoin(BASE, link)
        if d.current_url.startswith(BASE):
            d.execute_script('location.href = arguments[0];', url)    # a new hash: no reload
        else:
            d.get(url)
        if seat == 1:
            wait(d, lambda: d.execute_script(
                "return !!localStorage.getItem('tavola.token.' + arguments[0] + '.1');", gid),
                10, 'the seat-1 token of %s to be stored' % gid)
    wait(d, lambda: d.execute_script(
        "const g = document.querySelector('#game');"
        "return location.hash === '#/game/' + arguments[0] && !!g && g.dataset.gameId === arguments[0] &&"
        "  document.querySelectorAll('#players li.mine').length === 2 && !!g.dataset.version;", gid),
        10, 'the game %s with both seats held' % gid)


def test_rulesets(d, outdir):
    rulesets = [r['name'] for r in api('GET', '/api/rulesets')['rulesets']]
    if len(rulesets) < 2:
        raise Failure('GET /api/rulesets lists only %s' % rulesets)
    log('%d rulesets' % len(rulesets))
    seen = set()                # (ruleset, what) of the features clicked
    for name in rulesets:
        t = time.monotonic()
        plan = RULESET_PLANS.get(name, {})
        rng = random.Random('%d:%s' % (SEED, name))
        if name in LOBBY_CREATED:
            gid = create_game(d, name, p1='human', p2='human', seed=SEED)
            inv = wait(d, lambda: [e for e in css(d, '#invite') if e.get_attribute('href')
                                   and '/seat/' in e.get_attribute('href')], 10, 'the invitation link')
            open_both_seats(d, gid, None, inv[0].get_attribute('href'))
            how_created = 'lobby'
        else:
            g = api('POST', '/api/games', {'ruleset': name, 'options': plan.get('options', ''),
                                           'p1': 'human', 'p2': 'human', 'seed': SEED})
            gid = g['id']
            open_both_seats(d, gid, g['links']['1'], g['links']['2'])
            how_created = 'api'
        t_join = time.monotonic() - t
        played = []
        st = None
        script = list(plan.get('opening', []))
        prefer = plan.get('prefer')
        randoms = 0
        while randoms < RANDOM_MOVES:
            ready = (lambda s: s if s and (s['status'] == 'over' or (
                s['interactive'] == 'true' and s['legal'])) else None)
            st = ready(st) or wait(d, lambda: ready(page_state(d, legal=True, cells=True)),
                                   10, 'a move to click in %s' % name)
            if st['status'] == 'over':
                played.append('(over)')
                break
            ms = st['legal']
            if script:
                move = script.pop(0)
                if move not in ms:
                    raise Failure('%s: the opening move %s is not legal (%s)' % (name, move, ms[:20]))
            else:
                pref = [m for m in ms if prefer and re.search(prefer, m)]
                if pref:
                    move, prefer = rng.choice(pref), None
                else:
                    move = rng.choice(ms)
                randoms += 1
            how, kind, st = click_move(d, move, rng, st)
            played.append(move if how == move else '%s<%s>' % (move, how))
            seen.add((name, 'move'))
            seen.add((name, kind))
            if kind == 'button':
                seen.add((name, move))                  # pass, swap
            if move.count('x') >= 2:
                seen.add((name, 'chain'))
            if '/' in move:
                seen.add((name, 'arrow'))
            if name == 'nine_mens_morris' and re.fullmatch(r'([a-z][0-9]-)?[a-z][0-9]x[a-z][0-9]', move):
                seen.add((name, 'removal'))
            if '=' in move:
                seen.add((name, 'promotion'))
        log('  %-18s %-5s %s  (%.1f s; joining %.1f s)' % (
            name, how_created, ' '.join(played), time.monotonic() - t, t_join))
    shot(d, outdir, 'rulesets_last.png')
    need = [('connect4', 'column'), ('pentago', 'choice'), ('konane', 'chain'), ('amazons', 'arrow'),
            ('nine_mens_morris', 'removal'), ('go', 'move'), ('go', 'pass'), ('hex', 'swap'),
            ('chess', 'promotion'), ('chess', 'choice'), ('makruk', 'move')]
    missing = ['%s %s' % n for n in need if n[0] in rulesets and n not in seen]
    if missing:
        raise Failure('not clicked: %s' % ', '.join(missing))
    unplayed = [n for n in rulesets if (n, 'move') not in seen]
    if unplayed:
        raise Failure('no move clicked in %s' % unplayed)


# ------------------------------------------------------------------ a hostile ruleset

HOSTILE_IMG = '<img src=x onerror="window.__pwned=1">'
HOSTILE_SCRIPT = '<script>window.__pwned=2</script>'
HOSTILE_QUOTES = '"&\''
HOSTILE = {
    'title': 'Evil %s %s' % (HOSTILE_IMG, HOSTILE_QUOTES),
    'description': '%s %s %s' % (HOSTILE_SCRIPT, HOSTILE_IMG, HOSTILE_QUOTES),
    'players': ['X' + HOSTILE_IMG, 'O' + HOSTILE_SCRIPT + HOSTILE_QUOTES],
    'doc': '%s %s %s' % (HOSTILE_IMG, HOSTILE_SCRIPT, HOSTILE_QUOTES),
}


def lua_str(s):
    assert ']==]' not in s
    return '[==[' + s + ']==]'


def write_hostile_ruleset(folder):
    """rulesets/tictactoe.lua with the hostile texts and an option; returns its name."""
    src_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'rulesets', 'tictactoe.lua')
    with open(src_path) as f:
        src = f.read()
    subs = [(r'name\s*=\s*"[^"]*"', 'name = ' + lua_str(HOSTILE['title'])),
            (r'description\s*=\s*"[^"]*"', 'description = ' + lua_str(HOSTILE['description'])),
            (r'players\s*=\s*\{[^}]*\}', 'players = { %s, %s }' % tuple(lua_str(p) for p in HOSTILE['players']))]
    for pat, new in subs:
        src, n = re.subn(pat, lambda m: new, src, count=1)
        if n != 1:
            raise Failure('tictactoe.lua has no %s to change' % pat)
    opt = ('local o = options {\n  flavour = { default = "plain", choices = { "plain", "spicy" }, doc = %s },\n}\n'
           % lua_str(HOSTILE['doc']))
    src, n = re.subn(r'^return game', lambda m: opt + 'return game', src, count=1, flags=re.M)
    if n != 1:
        raise Failure('tictactoe.lua has no "return game" line')
    with open(os.path.join(folder, 'hostile.lua'), 'w') as f:
        f.write(src)
    return 'hostile'


def no_injection(d, where):
    """Nothing of the hostile texts became markup or ran."""
    r = d.execute_script(
        "return {pwned: window.__pwned === undefined ? null : String(window.__pwned),"
        " imgs: Array.from(document.querySelectorAll('img'), i => i.getAttribute('src')),"
        " scripts: Array.from(document.querySelectorAll('script'), s => s.getAttribute('src') || s.textContent),"
        " handlers: Array.from(document.querySelectorAll('*')).filter(e => e.hasAttribute('onerror')).length};")
    if r['pwned'] is not None:
        raise Failure('%s: window.__pwned is %s: a hostile text ran' % (where, r['pwned']))
    if 'x' in r['imgs']:
        raise Failure('%s: an <img src=x> is in the document (%s)' % (where, r['imgs']))
    if r['scripts'] != ['/app.js']:
        raise Failure('%s: the scripts of the document are %s' % (where, r['scripts']))
    if r['handlers']:
        raise Failure('%s: %d elements carry an onerror attribute' % (where, r['handlers']))


def text_of(d, sel, root=None):
    """textContent (what is there, shown or not) of the first element matching SEL."""
    return d.execute_script(
        "const e = (arguments[1] || document).querySelector(arguments[0]); return e ? e.textContent : null;",
        sel, root)


def expect_text(what, got, *wants):
    for w in wants:
        if got is None or w not in got:
            raise Failure('%s: %r does not show %r literally' % (what, got, w))


def csp_violations(d, name):
    return [e for e in drain_console(d, name) if 'Content Security Policy' in e or 'Refused to' in e]


def test_hostile(d, tavola, outdir):
    folder = tempfile.mkdtemp(prefix='tavola-hostile-')
    server = None
    try:
        name = write_hostile_ruleset(folder)
        server = Server(tavola, outdir, name='browser_hostile', extra=['--rules', folder])
        base = server.url
        drain_console(d, 'browser B')               # what came before is not this step's
        to_lobby(d, base)
        card = wait(d, lambda: css(d, 'article.ruleset[data-ruleset="%s"]' % name), 10, 'the hostile card')[0]
        expect_text('the card title', text_of(d, '.title', card), HOSTILE['title'])
        if text_of(d, '.description', card) != HOSTILE['description']:
            raise Failure('the description shows %r, not %r' % (text_of(d, '.description', card),
                                                                 HOSTILE['description']))
        expect_text('the card players', text_of(d, '.players', card), *HOSTILE['players'])
        expect_text('the option doc', text_of(d, '.option .doc', card), HOSTILE['doc'])
        lab = card.find_element(By.CSS_SELECTOR, '.option label').get_attribute('title')
        if lab != HOSTILE['doc']:
            raise Failure('the option label title is %r, not the doc' % lab)
        seat_names = d.execute_script(
            "return Array.from(arguments[0].querySelectorAll('.seat-name'), e => e.textContent).join('|');", card)
        expect_text('the seat names', seat_names, *HOSTILE['players'])
        shown = card.find_element(By.CSS_SELECTOR, '.title').text      # rendered, on screen
        expect_text('the rendered title', shown, HOSTILE_IMG)
        no_injection(d, 'the lobby')
        d.execute_script('arguments[0].scrollIntoView({block: "center"});', card)
        shot(d, outdir, 'hostile_lobby.png')

        gid = create_game(d, name, options={'flavour': 'spicy'}, p1='human', p2='human', seed=1, base=base)
        expect_text('the game title', text_of(d, '#title'), HOSTILE['title'])
        names = d.execute_script("return Array.from(document.querySelectorAll('#players li strong'), e => e.textContent);")
        if names != HOSTILE['players']:
            raise Failure('the players shown are %r' % names)
        expect_text('the result line', text_of(d, '#result'), HOSTILE['players'][0])
        expect_text('the scores', text_of(d, '#scores'), *HOSTILE['players'])
        expect_text('the options', text_of(d, '#options'), 'flavour=spicy')
        expect_text('the board drawing', text_of(d, '#board svg title'), HOSTILE['title'])
        no_injection(d, 'the game page')
        # both seats here, then X wins along the first row: the players' names
        # go into the status and result sentences and the statistics
        inv = d.find_element(By.ID, 'invite').get_attribute('href')
        d.get(inv)
        wait(d, lambda: len(css(d, '#players li.mine')) == 2 and game(d).get('version'), 10, 'both seats held')
        rng = random.Random(1)
        for m in ('a1', 'a2', 'b1', 'b2'):
            wait_turn(d, 10, 'the turn for %s' % m)
            expect_text('the status line', text_of(d, '#status'), HOSTILE['players'][int(game(d)['toMove']) - 1])
            click_move(d, m, rng)
        wait_turn(d, 10, 'the last move')
        click_move(d, 'c1', rng)
        wait(d, lambda: game(d).get('status') == 'over', 10, 'the hostile game to end')
        expect_text('the final result', text_of(d, '#result'), HOSTILE['players'][0])
        no_injection(d, 'the finished game')
        shot(d, outdir, 'hostile_game.png')
        to_lobby(d, base)
        wait(d, lambda: stats_games(d, name) == 1, 10, 'the statistics to count the game')
        card = css(d, 'article.ruleset[data-ruleset="%s"]' % name)[0]
        expect_text('the statistics', text_of(d, '.stats', card), *HOSTILE['players'])
        row = css(d, 'table#games tr[data-game="%s"]' % gid)
        if not row:
            raise Failure('the recent games do not list %s' % gid)
        expect_text('the recent games', row[0].get_attribute('textContent'), HOSTILE['title'],
                    HOSTILE['players'][0])
        no_injection(d, 'the lobby after the game')
        bad = csp_violations(d, 'browser B')
        if bad:
            raise Failure('Content-Security-Policy violations: %s' % bad)
        log('hostile texts shown literally in the lobby, the game and the statistics; nothing ran')
    finally:
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


# ------------------------------------------------------------------ main

CONSOLE = []       # every SEVERE console entry read so far (reading empties the browser's log)


def drain_console(d, name):
    """The SEVERE console entries since the last call; kept in CONSOLE too."""
    bad = []
    try:
        for e in d.get_log('browser'):
            if e.get('level') == 'SEVERE':
                bad.append('%s: %s' % (name, e.get('message')))
    except WebDriverException:
        pass
    CONSOLE.extend(bad)
    return bad


def main():
    global BASE
    if len(sys.argv) != 3:
        sys.stderr.write('usage: browser_test.py PATH/TO/tavola OUTDIR\n')
        return 2
    tavola, outdir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(outdir, exist_ok=True)
    for p in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(p):
            sys.stderr.write('browser_test: %s is missing\n' % p)
            return 2
    server = None
    drivers = []
    profiles = []
    failed = []
    try:
        server = Server(tavola, outdir)
        BASE = server.url
        for _ in range(2):
            profiles.append(tempfile.mkdtemp(prefix='tavola-browser-'))
            drivers.append(browser(profiles[-1]))
        a, b = drivers
        a.get(BASE)
        busy = set()        # browsers a step over its time limit may still be driving
        for name, limit, fn, args in (
                ('pahtum against random', 75, test_pahtum, (a, outdir)),
                ('tihbat between two browsers', 60, test_tihbat, (a, b, outdir)),
                ('checkers double jump', 30, test_checkers, (a, outdir)),
                ('amazons move', 20, test_amazons, (a, outdir)),
                ('every ruleset by clicks', 60, test_rulesets, (a, outdir)),
                ('a hostile ruleset', 40, test_hostile, (b, tavola, outdir))):
            uses = {i for i, d in enumerate(drivers) if d in args}
            if uses & busy:
                log('--- %s: skipped (its browser is still busy with a step over its limit)' % name)
                failed.append('%s: skipped' % name)
                continue
            try:
                step(name, limit, fn, *args)
            except Failure as e:
                log('FAIL', e)
                failed.append(str(e))
                for i, d in enumerate(drivers):
                    try:
                        d.save_screenshot(os.path.join(outdir, 'failure_%d_%s.png' % (len(failed), 'AB'[i])))
                    except WebDriverException:
                        pass
                if 'time limit' in str(e):
                    busy |= uses    # the step's thread may still be driving these
        for i, d in enumerate(drivers):
            if i not in busy:
                drain_console(d, 'browser ' + 'AB'[i])
        errs = CONSOLE
        for e in errs:
            log('console:', e)
        csp = [e for e in errs if 'Content Security Policy' in e or 'Refused to' in e]
        if csp:
            failed.append('Content-Security-Policy violations: %s' % csp)
    except Failure as e:
        failed.append(str(e))
    finally:
        for d in drivers:
            try:
                d.quit()
            except Exception:
                pass
        end_browsers()  # attached, not started, by ChromeDriver: quit leaves them
        for p in profiles:
            shutil.rmtree(p, ignore_errors=True)
        if server:
            server.stop()
    took = time.monotonic() - T0
    if failed:
        print('browser_test: FAILED (%.1f s)' % took)
        for f in failed:
            print('  -', f)
        return 1
    print('browser_test: passed (%.1f s)' % took)
    return 0


BASE = None

if __name__ == '__main__':
    sys.exit(main())
