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
  4. amazons (size=6): a queen, its destination, the arrow.
Screenshots go to OUTDIR (pahtum_end.png, tihbat_end.png, checkers_jump.png,
amazons.png). Exit 0 when everything passed. The DOM hooks it relies on are
listed at the top of plugin/serve/web/app.js.
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import (StaleElementReferenceException, TimeoutException,
                                        WebDriverException)
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
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
    def __init__(self, tavola, outdir):
        db = os.path.join(outdir, 'browser.db')
        for suffix in ('', '-wal', '-shm', '-journal'):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        self.errlog = open(os.path.join(outdir, 'browser_server.log'), 'w')
        self.proc = subprocess.Popen([tavola, 'serve', '--port', '0', '--db', db],
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
                raise Failure('the server exited (status %s) before listening (see browser_server.log)' % rc)
            raise Failure('the server did not say "listening on" within 20 s (see browser_server.log)')
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

def browser(profile_dir):
    o = Options()
    o.binary_location = CHROMIUM
    for a in ('--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu',
              '--window-size=1280,1000', '--no-first-run', '--disable-extensions',
              '--user-data-dir=' + profile_dir):
        o.add_argument(a)
    o.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=o)
    d.set_page_load_timeout(20)
    d.set_script_timeout(10)
    return d


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


def to_lobby(d):
    d.get(BASE + '#/')
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


def create_game(d, ruleset, options=None, p1=None, p2=None, seed=None):
    """Fills the lobby's form for RULESET and creates the game; returns its id."""
    to_lobby(d)
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


# ------------------------------------------------------------------ main

def console_errors(d, name):
    bad = []
    try:
        for e in d.get_log('browser'):
            if e.get('level') == 'SEVERE':
                bad.append('%s: %s' % (name, e.get('message')))
    except WebDriverException:
        pass
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
        for name, limit, fn, args in (
                ('pahtum against random', 75, test_pahtum, (a, outdir)),
                ('tihbat between two browsers', 60, test_tihbat, (a, b, outdir)),
                ('checkers double jump', 30, test_checkers, (a, outdir)),
                ('amazons move', 20, test_amazons, (a, outdir))):
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
                    break           # the step's thread may still be driving the browser
        errs = []
        for i, d in enumerate(drivers):
            errs += console_errors(d, 'browser ' + 'AB'[i])
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
