/* The sandbox's limits (tv_vm.h): a memory cap (a counting allocator), an
 * instruction budget and a wall-clock budget per call (a count hook).
 *
 * Library functions that can run long inside C, where the count hook does not
 * see them, charge their work to the same budget (tv_vm_libs.c,
 * tv_strmatch.c). Everything else a single call or instruction does is
 * bounded by the memory cap (copying or comparing at most a few MiB); an
 * allocation of BIG_ALLOC or more makes the count hook run at the next
 * instruction, and the hook checks the clock more often while instructions
 * are slow, so the time limit is kept within a few milliseconds.
 *
 * A limit hit trips the VM (vm->stopped) until the outermost call returns:
 * the count hook raises at every instruction, the replacements of pcall,
 * xpcall and load re-raise (tv_vm_tripped), the xpcall handler is skipped,
 * and nested calls fail at once. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "tv_vm.h"

#define STEP_GRAIN 1000          /* instructions between two checks, normally */
#define SLOW_NS 1000000LL        /* a check interval longer than this: check more often */
#define CLOCK_EVERY 1000         /* charged steps between two looks at the clock */
#define BIG_ALLOC (256u << 10)   /* an allocation this big: check the clock at the next instruction */

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The same clock read a few times cheaper, a tick (a few ms) behind at
 * most: where a hook call starts, which happens a million times a second.
 * A deadline set from it comes at most a tick early. */
static long long start_ns(void)
{
#ifdef CLOCK_MONOTONIC_COARSE
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#else
    return now_ns();
#endif
}

/* "file:line: " of the innermost Lua function running, or "". */
static void where(lua_State *L, char *buf, size_t size)
{
    lua_Debug ar;
    buf[0] = '\0';
    for (int level = 0; level < 16 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(buf, size, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
}

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    tv_vm *vm = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        vm->mem_used -= old;
        return NULL;
    }
    if (nsize > old && vm->armed) {
        size_t base = vm->mem_used - old, cap = vm->memory;
        if (base > cap || nsize > cap - base) {
            /* Lua raises "not enough memory" (after one emergency collection
             * and a second try); finish() names the limit. Where it
             * happened is read off the call stack, which is consistent
             * whenever Lua allocates, except while 5.4.5+ moves its stack. */
            vm->mem_refused = 1;
            vm->refused_ptr = ptr;
            vm->refused_size = nsize;
            if (vm->L && (ptr == NULL || LUA_VERSION_RELEASE_NUM <= 50404))
                where(vm->L, vm->mem_where, sizeof vm->mem_where);
            return NULL;
        }
    }
    void *p = realloc(ptr, nsize);
    if (p) {
        vm->mem_used = vm->mem_used - old + nsize;
        /* The second try after a collection worked: no error follows. Any
         * other allocation (the error's own message, while the refusal
         * unwinds) leaves the mark, so the error is still the limit. */
        if (ptr == vm->refused_ptr && nsize == vm->refused_size)
            vm->mem_refused = 0;
        /* An instruction that makes a big string (a .. b, rep, upper) takes
         * long: the count hook looks at the clock before the next one.
         * lua_sethook is safe here (Lua allows it even from a signal). */
        if (vm->in_call && nsize - old >= BIG_ALLOC && nsize > old && vm->grain != 1 && !vm->stopped) {
            vm->grain = 1;
            lua_sethook(vm->L, vm->hook, LUA_MASKCOUNT, 1);
        }
    }
    return p;
}

static void limit_text(const tv_vm *vm, int which, char *buf, size_t size)
{
    switch (which) {
    case TV_STOP_STEPS:
        snprintf(buf, size, "instruction limit of %lu exceeded (the ruleset ran too long)", vm->call_steps);
        break;
    case TV_STOP_TIME:
        snprintf(buf, size, "time limit of %ld ms exceeded (the ruleset ran too long)", vm->call_ms);
        break;
    default:
        snprintf(buf, size, "memory limit of %zu bytes exceeded", vm->memory);
        break;
    }
}

static void count_hook(lua_State *L, lua_Debug *ar);

/* Raises the error of the limit that stopped this call. From now on every
 * instruction raises it again, so a pcall in the ruleset cannot go on. */
static int stop(lua_State *L, tv_vm *vm)
{
    char text[160];
    if (vm->grain != 1) {
        vm->grain = 1;
        lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    }
    limit_text(vm, vm->stopped, text, sizeof text);
    lua_pushfstring(L, "%s%s", vm->stop_where, text);
    return lua_error(L);
}

/* A refused allocation that ended in an error is the memory limit: from now
 * on nothing of the ruleset runs again in this call (tv_vm_tripped). */
static void trip_memory(tv_vm *vm)
{
    if (vm->stopped || !vm->mem_refused)
        return;
    vm->stopped = TV_STOP_MEMORY;
    memcpy(vm->stop_where, vm->mem_where, sizeof vm->stop_where);
}

int tv_vm_tripped(lua_State *L, int failed)
{
    tv_vm *vm = tv_vm_of(L);
    if (!vm->in_call)
        return 0;
    if (failed)
        trip_memory(vm);
    if (vm->stopped)
        stop(L, vm);
    return 0;
}

int tv_vm_stopped(lua_State *L)
{
    tv_vm *vm = tv_vm_of(L);
    return vm->in_call && vm->stopped;
}

/* Stops the call when its instructions or its time are spent. */
static void check(lua_State *L, tv_vm *vm, long long now)
{
    if (!vm->stopped) {
        if (vm->steps_left > 0 && now < vm->deadline_ns)
            return;
        vm->stopped = vm->steps_left > 0 ? TV_STOP_TIME : TV_STOP_STEPS;
        where(L, vm->stop_where, sizeof vm->stop_where);
    }
    stop(L, vm);
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    tv_vm *vm = tv_vm_of(L);
    vm->steps_left -= vm->grain;
    long long now = now_ns();
    if (!vm->stopped) {
        /* Instructions that copy or compare long strings take milliseconds
         * each: then look at the clock after fewer of them. */
        long long spent = now - vm->last_ns;
        int grain = vm->grain;
        if (spent > SLOW_NS && grain > 1)
            grain /= 10;
        else if (spent < SLOW_NS / 10 && grain < STEP_GRAIN)
            grain *= 10;
        if (grain != vm->grain) {
            vm->grain = grain;
            lua_sethook(L, count_hook, LUA_MASKCOUNT, grain);
        }
        vm->last_ns = now;
    }
    check(L, vm, now);
}

void tv_vm_charge(lua_State *L, long steps)
{
    tv_vm *vm = tv_vm_of(L);
    if (!vm->in_call)
        return;
    long left = vm->steps_left - (steps < LONG_MAX / 2 ? steps : LONG_MAX / 2);
    vm->steps_left = left < LONG_MIN / 2 ? LONG_MIN / 2 : left;
    if (vm->stopped || vm->steps_left <= 0 || vm->steps_left < vm->clock_mark) {
        vm->clock_mark = vm->steps_left - CLOCK_EVERY;
        check(L, vm, now_ns());
    }
}

int tv_vm_init(tv_vm *vm, size_t memory, void *user)
{
    memset(vm, 0, sizeof *vm);
    vm->user = user;
    vm->memory = memory;
    pthread_mutex_init(&vm->lock, NULL);
    vm->L = lua_newstate(counting_alloc, vm);
    if (!vm->L)
        return 0;
    *(tv_vm **)lua_getextraspace(vm->L) = vm;
    vm->hook = count_hook;
    return 1;
}

void tv_vm_close(tv_vm *vm)
{
    if (vm->L)
        lua_close(vm->L);
    vm->L = NULL;
    pthread_mutex_destroy(&vm->lock);
}

/* Replaces the message of a failed protected step that ran out of memory. */
static void memory_message(tv_vm *vm, const char *during)
{
    char text[160];
    limit_text(vm, TV_STOP_MEMORY, text, sizeof text);
    lua_pushfstring(vm->L, "%s%s%s", vm->mem_where, text, during);
}

int tv_vm_setup(tv_vm *vm, lua_CFunction setup)
{
    lua_State *L = vm->L;
    vm->mem_refused = 0;
    vm->mem_where[0] = '\0';
    lua_pushcfunction(L, setup);
    vm->armed = 1;
    int status = lua_pcall(L, 0, 0, 0);
    vm->armed = 0;
    if (status != LUA_OK) {
        lua_settop(L, 0);
        if (status == LUA_ERRMEM || vm->mem_refused)
            memory_message(vm, " (while setting up the VM)");
        else
            lua_pushliteral(L, "cannot set up the VM");
    }
    return status;
}

int tv_vm_parse(tv_vm *vm, const char *source, size_t len, const char *chunkname)
{
    lua_State *L = vm->L;
    vm->mem_refused = 0;
    vm->mem_where[0] = '\0';
    vm->armed = 1;
    int status = luaL_loadbufferx(L, source, len, chunkname, "t");
    vm->armed = 0;
    if (status == LUA_ERRMEM || (status != LUA_OK && vm->mem_refused)) {
        lua_pop(L, 1);
        memory_message(vm, " (while compiling the script)");
    }
    return status;
}

/* A fresh budget for the call about to start, and the memory cap on. */
static void arm(tv_vm *vm)
{
    unsigned long steps = vm->call_steps;
    long ms = vm->call_ms;
    vm->steps_left = steps > (unsigned long)(LONG_MAX / 2) ? LONG_MAX / 2 : (long)steps;
    vm->clock_mark = vm->steps_left - CLOCK_EVERY;
    vm->stopped = TV_STOP_NONE;
    vm->stop_where[0] = '\0';
    vm->mem_refused = 0;
    vm->mem_where[0] = '\0';
    vm->grain = STEP_GRAIN;
    vm->last_ns = start_ns();
    /* A huge limit is no limit, not an overflow: at most ~146 years. */
    long long budget_ms = ms > 0 ? ms : 1;
    if (budget_ms > LLONG_MAX / 4 / 1000000LL)
        budget_ms = LLONG_MAX / 4 / 1000000LL;
    vm->deadline_ns = vm->last_ns + budget_ms * 1000000LL;
    lua_sethook(vm->L, count_hook, LUA_MASKCOUNT, STEP_GRAIN); /* also restarts its count */
    vm->armed = 1;
    vm->in_call = 1;
}

/* After a protected call: the error message of a limit that stopped it, of
 * memory, or the error object as text. */
static int finish(tv_vm *vm, int status, int base)
{
    lua_State *L = vm->L;
    vm->armed = 0;
    vm->in_call = 0;
    lua_sethook(L, NULL, 0, 0);
    if (status != LUA_OK && !vm->stopped && vm->mem_refused && lua_type(L, -1) == LUA_TSTRING &&
        strcmp(lua_tostring(L, -1), "not enough memory") == 0)
        trip_memory(vm);
    if (vm->stopped) {
        /* The limit is the error, whatever the code it stopped made of it. */
        char text[160];
        limit_text(vm, vm->stopped, text, sizeof text);
        lua_settop(L, base);
        lua_pushfstring(L, "%s%s", vm->stop_where, text);
        return status == LUA_OK ? LUA_ERRRUN : status;
    }
    if (status == LUA_ERRMEM) {
        lua_pop(L, 1);
        memory_message(vm, "");
    } else if (status != LUA_OK && !lua_isstring(L, -1)) {
        lua_pop(L, 1);
        lua_pushstring(L, "error object is not a string");
    }
    return status;
}

int tv_vm_call(tv_vm *vm, int nargs, int nresults, unsigned long steps, long ms)
{
    lua_State *L = vm->L;
    int base = lua_gettop(L) - nargs - 1;
    vm->entries++;
    if (vm->in_call) { /* called from inside a call: it runs on what is left of that call's budget */
        if (vm->stopped) { /* ... and never after a limit */
            char text[160];
            limit_text(vm, vm->stopped, text, sizeof text);
            lua_settop(L, base);
            lua_pushfstring(L, "%s%s", vm->stop_where, text);
            return LUA_ERRRUN;
        }
        return lua_pcall(L, nargs, nresults, 0);
    }
    vm->call_steps = steps;
    vm->call_ms = ms;
    arm(vm);
    return finish(vm, lua_pcall(L, nargs, nresults, 0), base);
}

int tv_vm_run(tv_vm *vm, lua_CFunction fn, void *arg, unsigned long steps, long ms)
{
    lua_State *L = vm->L;
    int base = lua_gettop(L);
    vm->call_steps = steps;
    vm->call_ms = ms;
    arm(vm);
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, arg);
    return finish(vm, lua_pcall(L, 1, 0, 0), base);
}

void tv_vm_call_in_run(tv_vm *vm, int nargs, int nresults)
{
    vm->entries++;
    if (vm->stopped) /* a limit ends the run: nothing runs again until it returns */
        stop(vm->L, vm);
    arm(vm);
    lua_call(vm->L, nargs, nresults);
}
