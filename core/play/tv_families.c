/* The one list of move families (tv_family.h), by TV_FAMILY_*: a new family
 * is its file, its row here, its id in core/rules/tv_family_id.h. */
#include "tv_family.h"
#include "tv_family_flip.h"
#include "tv_family_groups.h"
#include "tv_family_hooks.h"
#include "tv_family_mills.h"
#include "tv_family_pieces.h"
#include "tv_family_place.h"
#include "tv_family_rotate.h"
#include "tv_family_sow.h"

const tv_family *const tv_families[TV_FAMILIES] = {
    [TV_FAMILY_PLACE] = &tv_family_place,   [TV_FAMILY_DROP] = &tv_family_drop,
    [TV_FAMILY_ROTATE] = &tv_family_rotate, [TV_FAMILY_FLIP] = &tv_family_flip,
    [TV_FAMILY_PIECES] = &tv_family_pieces, [TV_FAMILY_SOW] = &tv_family_sow,
    [TV_FAMILY_GROUPS] = &tv_family_groups, [TV_FAMILY_MILLS] = &tv_family_mills,
    [TV_FAMILY_HOOKS] = &tv_family_hooks,
};
