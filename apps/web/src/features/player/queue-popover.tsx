// The queue popover (spec §2 bottom player, §4 Queue): titled 'Queue', with Clear and close; items
// drag-reorder (pointer and keyboard, dnd-kit) and the drop saves the new order; 'Played' and the
// current item are shown exactly as the server answers them; one item can be removed. Until the
// queue has loaded it shows no rows and no 'empty' line.

import type { QueueItem } from '@cratedig/contract/queue';
import {
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
      {!loaded ? null : queue.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 2.5 }}>
          Your queue is empty. Add sets from their pages to line them up here.
        </Typography>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
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
