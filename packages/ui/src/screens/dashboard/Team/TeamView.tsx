// The team page (Equipe, ADMIN): every staff account with its role, brands, status, two-factor
// sign-in and last sign-in; search and status filter (in the URL); invite a person, change
// access, resend an invitation, deactivate and reactivate, each from a row's menu. Nobody changes
// their own row. Pure: props in, callbacks out.
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { pluralize } from '../../../format';
import { ListSkeleton, LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage } from '../shared/DashboardPage';
import { ROLE_LABELS } from '../Shell/navigation';
import {
  AccessDialog,
  ActiveDialog,
  InviteDialog,
  type AccessValues,
  type InviteValues,
} from './TeamDialogs';
import {
  exactDateTime,
  formatRelative,
  matchesSearch,
  STATUS_FILTERS,
  statusLabel,
  type TeamStatusFilter,
} from './teamFormat';
import type { TeamBrand, TeamMember } from './TeamScreen.graphql';

export const TEAM_FORBIDDEN = 'Somente administradores podem ver e gerenciar a equipe.';
export const OWN_ROW_REASON = 'Você não pode alterar o próprio acesso';

export interface TeamFilters {
  search: string;
  status: TeamStatusFilter | null;
}

export interface TeamViewProps {
  /** The signed-in member's id (their row has no actions). */
  meId: string | null;
  members: TeamMember[] | null;
  brands: TeamBrand[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The caller is not an ADMIN. */
  forbidden?: boolean;
  filters: TeamFilters;
  onFiltersChange: (filters: TeamFilters) => void;
  /** The invite dialog is open (?convidar=1). */
  inviting: boolean;
  onInvitingChange: (open: boolean) => void;
  /** Each rejects with a TeamActionError ({ field, message }). */
  onInvite: (values: InviteValues) => Promise<void>;
  onUpdateAccess: (member: TeamMember, values: AccessValues) => Promise<void>;
  onResendInvitation: (member: TeamMember) => Promise<void>;
  onSetActive: (member: TeamMember, active: boolean) => Promise<void>;
  /** Now, for relative times (a prop so screenshots and tests are stable). */
  now?: number;
}

// Menu entries are touch targets too (44 px).
const MENU_ITEM = { '&&': { minHeight: 44 } };

function ownReasonId(member: TeamMember): string {
  return `team-own-${member.id}`;
}

type RowAction = { kind: 'access' | 'active'; member: TeamMember };

const COLUMNS = {
  xs: 'minmax(0, 1fr) 44px',
  md: 'minmax(0, 2.2fr) minmax(0, 1.8fr) minmax(0, 1.6fr) minmax(0, 1.3fr) 44px',
};

function StatusChip({ member, now }: { member: TeamMember; now: number }) {
  const label = statusLabel(member, now);
  const color =
    member.status === 'ACTIVE' ? 'success' : member.status === 'INVITED' ? 'warning' : 'default';
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      variant={member.status === 'ACTIVE' ? 'filled' : 'outlined'}
      sx={{ maxWidth: '100%' }}
      {...(member.invitationExpiresAt && member.status === 'INVITED'
        ? { title: `O link expira em ${exactDateTime(member.invitationExpiresAt)}` }
        : {})}
    />
  );
}

function RowMenu({
  member,
  own,
  onAction,
  onResend,
}: {
  member: TeamMember;
  own: boolean;
  onAction: (action: RowAction) => void;
  onResend: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (own) {
    return (
      <IconButton
        disabled
        aria-label={`Ações para ${member.name}`}
        aria-describedby={ownReasonId(member)}
        sx={{ width: 44, height: 44 }}
      >
        <MoreVertRounded />
      </IconButton>
    );
  }
  const close = () => setAnchor(null);
  return (
    <Box sx={{ justifySelf: 'end' }}>
      <IconButton
        aria-label={`Ações para ${member.name}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ width: 44, height: 44 }}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          sx={MENU_ITEM}
          onClick={() => {
            close();
            onAction({ kind: 'access', member });
          }}
        >
          Alterar acesso
        </MenuItem>
        {member.status === 'INVITED' ? (
          <MenuItem
            sx={MENU_ITEM}
            onClick={() => {
              close();
              onResend();
            }}
          >
            Reenviar convite
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            close();
            onAction({ kind: 'active', member });
          }}
          sx={member.active ? { ...MENU_ITEM, color: 'error.main' } : MENU_ITEM}
        >
          {member.active ? 'Desativar' : 'Reativar'}
        </MenuItem>
      </Menu>
    </Box>
  );
}

function MemberRow({
  member,
  own,
  brandNames,
  now,
  first,
  onAction,
  onResend,
}: {
  member: TeamMember;
  own: boolean;
  brandNames: string[];
  now: number;
  first: boolean;
  onAction: (action: RowAction) => void;
  onResend: () => void;
}) {
  const wide = { gridColumn: { xs: '1 / -1', md: 'auto' } };
  return (
    <Box
      component="li"
      aria-label={member.name}
      sx={{
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1.5,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
        bgcolor: member.status === 'INACTIVE' ? 'action.hover' : undefined,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {member.name}
          {own ? (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              (você)
            </Typography>
          ) : null}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Typography>
        {own ? (
          <Typography id={ownReasonId(member)} variant="caption" color="text.secondary">
            {OWN_ROW_REASON}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ minWidth: 0, ...wide, order: { xs: 2, md: 0 } }}>
        <Typography variant="body2">{ROLE_LABELS[member.role]}</Typography>
        {member.role === 'BRAND_MANAGER' ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {brandNames.length > 0 ? `Marcas: ${brandNames.join(', ')}` : 'Nenhuma marca'}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ minWidth: 0, ...wide, order: { xs: 3, md: 0 } }}>
        <StatusChip member={member} now={now} />
      </Box>
      <Box sx={{ minWidth: 0, ...wide, order: { xs: 4, md: 0 } }}>
        <Typography variant="body2">
          {'Último acesso: '}
          {member.lastSignInAt === null ? (
            'nunca'
          ) : (
            <Box
              component="time"
              dateTime={member.lastSignInAt}
              title={exactDateTime(member.lastSignInAt)}
            >
              {formatRelative(member.lastSignInAt, now)}
            </Box>
          )}
        </Typography>
        <Typography
          variant="body2"
          color={member.twoFactorEnabled ? 'success.dark' : 'text.secondary'}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          {member.twoFactorEnabled ? <VerifiedUserOutlined fontSize="inherit" aria-hidden /> : null}
          {member.twoFactorEnabled ? 'Duas etapas: ativada' : 'Duas etapas: desativada'}
        </Typography>
      </Box>
      <Box
        sx={{
          order: { xs: 1, md: 0 },
          gridRow: { xs: 1, md: 'auto' },
          gridColumn: { xs: 2, md: 'auto' },
        }}
      >
        <RowMenu member={member} own={own} onAction={onAction} onResend={onResend} />
      </Box>
    </Box>
  );
}

function HeaderRow() {
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: 'none', md: 'grid' },
        gridTemplateColumns: COLUMNS.md,
        columnGap: 2,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'caption',
        fontWeight: 600,
        textTransform: 'uppercase',
        letterSpacing: 0.4,
      }}
    >
      <span>Pessoa</span>
      <span>Acesso</span>
      <span>Situação</span>
      <span>Atividade</span>
      <Box component="span" sx={{ width: 44 }} />
    </Box>
  );
}

/** The search by name or e-mail, the status filter and how many people they show. */
function TeamFilterBar({
  filters,
  onFiltersChange,
  count,
}: {
  filters: TeamFilters;
  onFiltersChange: (filters: TeamFilters) => void;
  /** People shown; null while the team loads. */
  count: number | null;
}) {
  return (
    <Box
      role="search"
      aria-label="Filtrar a equipe"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}
    >
      <TextField
        label="Buscar por nome ou e-mail"
        type="search"
        value={filters.search}
        onChange={(event) => onFiltersChange({ ...filters, search: event.target.value })}
        sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Situação"
        value={filters.status ?? 'todas'}
        onChange={(event) =>
          onFiltersChange({
            ...filters,
            status:
              event.target.value === 'todas' ? null : (event.target.value as TeamStatusFilter),
          })
        }
        sx={{ flex: '0 1 220px', minWidth: 180 }}
      >
        <MenuItem value="todas" sx={MENU_ITEM}>
          Todas
        </MenuItem>
        {STATUS_FILTERS.map((filter) => (
          <MenuItem key={filter.value} value={filter.value} sx={MENU_ITEM}>
            {filter.label}
          </MenuItem>
        ))}
      </TextField>
      {count !== null ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {pluralize(count, 'pessoa', 'pessoas')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Nobody to show: none matches the filters (with 'Limpar filtros'), or the team is empty. */
function NoMembers({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Card sx={{ p: 3, textAlign: 'center' }}>
      <Typography sx={{ mb: filtered ? 2 : 0 }}>
        {filtered ? 'Ninguém da equipe corresponde a estes filtros.' : 'Ninguém na equipe ainda.'}
      </Typography>
      {filtered ? (
        <Button variant="outlined" onClick={onClear}>
          Limpar filtros
        </Button>
      ) : null}
    </Card>
  );
}

/** The members the filters keep (status, then name or e-mail). */
function filterMembers(members: TeamMember[], filters: TeamFilters): TeamMember[] {
  return members.filter(
    (member) =>
      (filters.status === null ||
        STATUS_FILTERS.find((filter) => filter.value === filters.status)?.status ===
          member.status) &&
      matchesSearch(member, filters.search),
  );
}

/** Why resending an invitation failed: the server's message, else a general one. */
function resendFailure(rejected: unknown): string {
  return rejected instanceof Error ||
    (typeof rejected === 'object' && rejected !== null && 'message' in rejected)
    ? String((rejected as { message: unknown }).message)
    : 'Não foi possível reenviar o convite.';
}

export function TeamView(props: TeamViewProps) {
  const {
    meId,
    members,
    brands,
    loading = false,
    error = null,
    onRetry,
    forbidden = false,
    filters,
  } = props;
  const [mountedAt] = useState(() => Date.now());
  const now = props.now ?? mountedAt;
  const [action, setAction] = useState<RowAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (forbidden) {
    return (
      <DashboardPage title="Equipe">
        <NoPermission message={TEAM_FORBIDDEN} />
      </DashboardPage>
    );
  }

  const brandName = new Map(brands.map((brand) => [brand.id, brand.name]));
  const shown = members ? filterMembers(members, filters) : null;
  const filtered = filters.search.trim() !== '' || filters.status !== null;

  async function run(task: Promise<void>, message: string) {
    await task;
    setNotice(message);
  }

  return (
    <DashboardPage
      title="Equipe"
      maxWidth={1200}
      actions={
        <Button
          variant="contained"
          startIcon={<GroupAddOutlined />}
          onClick={() => props.onInvitingChange(true)}
          disabled={members === null}
        >
          Convidar pessoa
        </Button>
      }
    >
      <TeamFilterBar
        filters={filters}
        onFiltersChange={props.onFiltersChange}
        count={shown === null ? null : shown.length}
      />
      {error !== null && members === null ? (
        <LoadError message={error} {...(onRetry ? { onRetry } : {})} />
      ) : shown === null || (loading && shown.length === 0) ? (
        <ListSkeleton label="Carregando a equipe" />
      ) : shown.length === 0 ? (
        <NoMembers
          filtered={filtered}
          onClear={() => props.onFiltersChange({ search: '', status: null })}
        />
      ) : (
        <Card>
          <HeaderRow />
          <Box component="ul" aria-label="Equipe" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {shown.map((member, index) => (
              <MemberRow
                key={member.id}
                member={member}
                own={member.id === meId}
                brandNames={member.brandIds.map((id) => brandName.get(id) ?? id)}
                now={now}
                first={index === 0}
                onAction={setAction}
                onResend={() => {
                  props.onResendInvitation(member).then(
                    () => setNotice(`Convite reenviado para ${member.email}.`),
                    (rejected: unknown) => setNotice(resendFailure(rejected)),
                  );
                }}
              />
            ))}
          </Box>
          {members !== null && members.length === 1 && !filtered ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ px: 2, py: 2, borderTop: 1, borderColor: 'divider' }}
            >
              Só você por enquanto. Convide quem vai cuidar das marcas, dos pedidos e do
              atendimento.
            </Typography>
          ) : null}
        </Card>
      )}
      {props.inviting && members !== null ? (
        <InviteDialog
          brands={brands}
          onClose={() => props.onInvitingChange(false)}
          onInvite={(values) =>
            run(props.onInvite(values), `Convite enviado para ${values.email}.`)
          }
        />
      ) : null}
      {action?.kind === 'access' ? (
        <AccessDialog
          member={action.member}
          brands={brands}
          onClose={() => setAction(null)}
          onSave={(values) =>
            run(
              props.onUpdateAccess(action.member, values),
              `Acesso de ${action.member.name} alterado.`,
            )
          }
        />
      ) : null}
      {action?.kind === 'active' ? (
        <ActiveDialog
          member={action.member}
          onClose={() => setAction(null)}
          onConfirm={() =>
            run(
              props.onSetActive(action.member, !action.member.active),
              action.member.active
                ? `${action.member.name} foi desativado(a); as sessões foram encerradas.`
                : `${action.member.name} foi reativado(a).`,
            )
          }
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        message={notice}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
      />
    </DashboardPage>
  );
}
