/* The sandbox: one Lua 5.4 VM with only the safe parts of the standard
 * libraries (tv_vm_libs.c lists them) and limits that the code it runs cannot
 * catch. It knows nothing of rulesets or hooks; its user reaches its own
 * state through the pointer given to tv_vm_init (tv_vm_user).
 *
 * What is limited, per call into the VM (tv_vm_call, tv_vm_run and each
 * tv_vm_call_in_run):
 *   - instructions: a count hook, plus the work library functions do in C
 *     (pattern matching, rep, upper, lower, reverse, format, sub, byte,
 *     char, pack, unpack, tostring, tonumber, utf8.*, table.concat, unpack,
 *     sort, move, insert, remove, load), charged with tv_vm_charge before
 *     it is done;
 *   - wall-clock time: a deadline checked by the count hook, by charges
 *     and, after any big allocation, at the very next instruction;
 *   - memory, for the VM's whole life: a counting allocator refuses requests
 *     past the cap while a protected step runs (setup, parse, calls).
 * When a limit is hit, the message names the limit and the innermost Lua
 * file:line, and the VM is tripped: no Lua code runs again until the
 * outermost call returns. Every instruction raises the error again; pcall,
 * xpcall and load re-raise it when they return; an xpcall message handler
 * is not called; a nested tv_vm_call fails at once. So no limit can be
 * caught. A refused allocation trips the VM as soon as it ends in an error
 * (the memory limit): pcall cannot catch it either. The next call starts
 * with a fresh budget, as if nothing had happened.
 *
 * Threads: a VM runs on one thread at a time. Users that share one between
 * threads hold tv_vm_lock around every call (and around whatever they do with
 * vm->L). The VM keeps no thread-local or global state. */
#ifndef TV_VM_H
#define TV_VM_H

#include <pthread.h>
#include <stddef.h>

#include <lua.h>

enum { TV_STOP_NONE, TV_STOP_STEPS, TV_STOP_TIME, TV_STOP_MEMORY };

/* The fields are the sandbox's own (tv_sandbox.c); users read L, and the
 * rest through the functions below. It is a complete type so that a user
 * can embed it. */
typedef struct tv_vm {
    void *user;      /* given to tv_vm_init: how the user finds its own state from L */
    lua_State *L;
    pthread_mutex_t lock;
    size_t memory;   /* the cap, in bytes */
    size_t mem_used;
    unsigned long entries;
    unsigned long call_steps; /* budget of the current call: its size, for messages and rearming */
    long call_ms;
    long steps_left;     /* what is left of it */
    int stopped;         /* a limit was hit (TV_STOP_*): every instruction errors */
    int armed;           /* a protected step is running: the memory cap applies */
    int grain;           /* instructions between two checks of the count hook */
    long long deadline_ns, last_ns; /* CLOCK_MONOTONIC of the current call */
    long clock_mark;                /* steps_left at which charged C work looks at the clock again */
    char stop_where[128];           /* "file:line: " where the limit was hit */
    int in_call;                    /* a call (tv_vm_call, tv_vm_run) is running: the limits apply */
    lua_Hook hook;                  /* the count hook (the allocator sets its grain) */
    int mem_refused;                /* the allocator refused a request in this protected step */
    const void *refused_ptr;        /* that request (block and size): only its own second */
    size_t refused_size;            /* try, after a collection, takes the refusal back */
    char mem_where[128];            /* "file:line: " of that request */
} tv_vm;

/* Makes the bare VM (no library yet) with a memory cap of `memory` bytes;
 * 0 if Lua cannot make one. tv_vm_close frees it (safe after a failed init). */
int tv_vm_init(tv_vm *vm, size_t memory, void *user);
void tv_vm_close(tv_vm *vm);

static inline tv_vm *tv_vm_of(lua_State *L) { return *(tv_vm **)lua_getextraspace(L); }
static inline void *tv_vm_user(lua_State *L) { return tv_vm_of(L)->user; }

/* Opens the sandbox's libraries into the globals: call it from setup. */
void tv_vm_open_libs(lua_State *L);

/* Runs setup in a protected call under the memory cap (no instruction or
 * time limit: setup is the user's C code). Returns a Lua status; on error the
 * message is on the stack. */
int tv_vm_setup(tv_vm *vm, lua_CFunction setup);

/* Compiles a text chunk (never bytecode) under the memory cap and pushes it,
 * or the error message; returns a Lua status. */
int tv_vm_parse(tv_vm *vm, const char *source, size_t len, const char *chunkname);

/* Calls the function below nargs arguments with a budget of `steps`
 * instructions and `ms` milliseconds; returns a Lua status and leaves the
 * results or the message (always a string). Called from inside another call
 * it runs on what is left of that call's budget. */
int tv_vm_call(tv_vm *vm, int nargs, int nresults, unsigned long steps, long ms);

/* Runs fn in one protected call, with the limits armed (steps, ms) and arg
 * as its argument 1 (a light userdata). Inside, fn calls Lua functions with
 * tv_vm_call_in_run: each gets a fresh budget of the same size but no
 * protected call of its own, so an error in one ends fn and the run. Returns
 * a Lua status (the message on the stack if not LUA_OK). Many calls in one
 * run cost one protected call and one arming less each. */
int tv_vm_run(tv_vm *vm, lua_CFunction fn, void *arg, unsigned long steps, long ms);
void tv_vm_call_in_run(tv_vm *vm, int nargs, int nresults);

/* Counts work done in C against the budget of the current call; raises the
 * limit's error when it is spent or the call's time is up. No-op outside a
 * call. Library replacements call it before the work they stand for. */
void tv_vm_charge(lua_State *L, long steps);

/* For functions that catch errors (pcall, xpcall, load): call it when they
 * return. If the VM is tripped (or `failed` and an allocation was refused:
 * then it trips now, on the memory limit), raises the limit's error again;
 * else returns 0. tv_vm_stopped says whether the VM is tripped. */
int tv_vm_tripped(lua_State *L, int failed);
int tv_vm_stopped(lua_State *L);

/* How many times C has entered the VM: calls, and calls in a run. */
static inline unsigned long tv_vm_entries(const tv_vm *vm) { return vm->entries; }

static inline void tv_vm_lock(tv_vm *vm) { pthread_mutex_lock(&vm->lock); }
static inline void tv_vm_unlock(tv_vm *vm) { pthread_mutex_unlock(&vm->lock); }

#endif
