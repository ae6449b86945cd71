// The queue popover (docs/web-app.md bottom player, docs/player.md Queue): titled 'Queue', with Clear and
// close; items drag-reorder (pointer and keyboard, dnd-kit) and the drop saves the new order; 'Played' and
// the current item are shown exactly as the server answers them; one item can be removed. Until the
// queue has loaded it shows no rows and no 'empty' line.

import type { QueueItem } from '@cratedig/contract/queue';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import GraphicEqRounded from '@mui/icons-material/GraphicEqRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Artwork } from '../../components/artwork';
import { colors } from '../../lib/design-tokens';
import { usePlayer, usePlayerState, useQueueStatus } from './player-context';
import { moveKeepingPlayed } from './player-rules';

/**
 * What a screen reader hears while a set is dragged: set names and positions, never dnd-kit's
 * "Draggable item 4 was dropped over droppable area 1", and where the drop really lands. 'Played'
 * means "before the playing set", so a set not played yet dropped above it lands right after it
 * (it plays next), and the playing set never moves below one not played yet (docs/player.md).
 */
export function queueAnnouncements(queue: readonly QueueItem[]): Announcements {
  const name = (id: unknown) => queue.find((item) => item.id === Number(id))?.set_meta.set_name ?? 'The set';
  const position = (id: unknown) => queue.findIndex((item) => item.id === Number(id)) + 1;
  const of = ` of ${queue.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${position(active.id)}${of}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over position ${position(over.id)}${of}.`
        : `${name(active.id)} is over no position.`,
    onDragEnd: ({ active, over }) => {
      if (!over) return `${name(active.id)} was dropped back at position ${position(active.id)}${of}.`;
      const moved = moveKeepingPlayed(queue, Number(active.id), Number(over.id));
      const asked = position(over.id);
      if (!moved) {
        return asked === position(active.id)
          ? `${name(active.id)} stays at position ${asked}${of}.`
          : `${name(active.id)} stays at position ${position(active.id)}${of}: ${PLAYED_RULE}`;
      }
      const landed = `${name(active.id)} moved to position ${moved.order}${of}.`;
      return moved.order === asked ? landed : `${landed} ${PLAYED_RULE}`;
    },
    onDragCancel: ({ active }) =>
      `Moving ${name(active.id)} was cancelled; it stays at position ${position(active.id)}${of}.`,
  };
}

/** Why a drop can land elsewhere than asked: what 'Played' means in the queue. */
export const PLAYED_RULE =
  'Only sets already played sit above the playing one, so a set moved there plays next.';

/** Under the title: the order the queue plays in, and what dragging a set does. */
export const QUEUE_HELP =
  'Sets play from top to bottom: those above the playing set have been played, those below play next, in order. Drag a set to change its turn; dropped above the playing set, it plays right after it.';

function QueueRow({ item, played, playing }: { item: QueueItem; played: boolean; playing: boolean }) {
  const player = usePlayer();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const name = item.set_meta.set_name;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      aria-label={`${name}${played ? ' (played)' : ''}${item.is_current ? ' (current)' : ''}`}
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        px: 1,
        py: 0.75,
        borderRadius: 1.5,
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 0,
        backgroundColor: isDragging
          ? colors.surface3
          : item.is_current
            ? 'rgba(198, 255, 58, 0.07)'
            : 'transparent',
        boxShadow: isDragging ? '0 8px 24px rgba(0,0,0,0.5)' : 'none',
        opacity: played ? 0.55 : 1,
        '&:hover': { backgroundColor: colors.surface2 },
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={`Reorder ${name}`}
        {...attributes}
        {...listeners}
        sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', color: 'text.secondary' }}
      >
        <DragIndicatorRounded fontSize="small" />
      </IconButton>
      <Box
        component="button"
        type="button"
        onClick={() => void player.play(item.set_meta_id)}
        sx={{
          all: 'unset',
          cursor: 'pointer',
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          flex: 1,
          minWidth: 0,
          '&:focus-visible': { outline: `2px solid ${colors.acid}`, borderRadius: 1 },
        }}
      >
        {/* Named by what the row shows, after a 'Play' heard but not seen. */}
        <Box
          component="span"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          Play{' '}
        </Box>
        <Artwork src={item.set_meta.art_url_sm} size={40} radius={1} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            variant="body2"
            noWrap
            sx={{ fontWeight: 600, color: item.is_current ? colors.acid : 'text.primary' }}
          >
            {name}
          </Typography>
          <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
            {item.set_meta.artist}
            {played ? ' · Played' : ''}
          </Typography>
        </Box>
        {item.is_current && playing ? (
          <GraphicEqRounded fontSize="small" sx={{ color: colors.acid }} />
        ) : null}
      </Box>
      <IconButton
        size="small"
        aria-label={`Remove ${name} from the queue`}
        onClick={() => void player.removeFromQueue(item.id)}
      >
        <RemoveCircleOutlineRounded fontSize="small" />
      </IconButton>
    </Box>
  );
}

export function QueuePopover({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const player = usePlayer();
  const { queue, loaded } = useQueueStatus();
  const playing = usePlayerState((state) => state.playing);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) void player.moveQueueItem(Number(active.id), Number(over.id));
  };
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'queue-title',
          sx: {
            width: 380,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: 'min(520px, calc(100vh - 120px))',
            display: 'flex',
            flexDirection: 'column',
            mb: 1,
            backgroundColor: colors.surface1,
            border: `1px solid ${colors.line}`,
            backgroundImage: 'none',
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          id="queue-title"
          variant="h6"
          component="h2"
          sx={{ flex: 1, fontSize: 18, fontWeight: 700 }}
        >
          Queue
        </Typography>
        <Button size="small" onClick={() => void player.clearQueue()} disabled={queue.length === 0}>
          Clear
        </Button>
        <IconButton size="small" aria-label="Close queue" onClick={onClose}>
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
      {/* Still loading: saying 'empty' to someone with a queue would be wrong, so nothing shows yet. */}
      {loaded && queue.some((item) => item.is_current) && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', px: 2, pb: 1, mt: -0.5 }}>
          {QUEUE_HELP}
        </Typography>
      )}
      {!loaded ? null : queue.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 2.5 }}>
          Your queue is empty. Add sets from their pages to line them up here.
        </Typography>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: queueAnnouncements(queue),
            screenReaderInstructions: {
              draggable:
                'To move a set, press space or enter, then the up and down arrows, then space or enter to drop it, or escape to cancel.',
            },
          }}
        >
          <SortableContext items={queue.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <Box component="ol" aria-label="Queued sets" sx={{ m: 0, px: 1, pb: 1, overflowY: 'auto' }}>
              {queue.map((item) => (
                <QueueRow key={item.id} item={item} played={item.played} playing={playing} />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}
    </Popover>
  );
}
