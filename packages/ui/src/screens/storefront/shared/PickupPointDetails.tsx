// Where a pickup order is collected, as the confirmation, the tracking page and the checkout show
// it: the address, the opening hours and, while there is something to collect, what to bring and
// the store's instructions. Pure.
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import type { PickupPointNode } from './pickupPoint.graphql';

export interface PickupPointDetailsProps {
  point: PickupPointNode;
  /** The order is still to be collected: say what to bring and the store's instructions. */
  toCollect?: boolean;
  /** Compact: the address and hours only, in smaller type (a checkout option). */
  dense?: boolean;
}

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // dl > div > dt + dd (the icon inside the dt): what a definition list may hold.
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '20px minmax(0, 1fr)',
        columnGap: 1,
        alignItems: 'start',
      }}
    >
      <Box
        component="dt"
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          fontWeight: 600,
          fontSize: '0.8125rem',
          color: 'text.secondary',
          m: 0,
          '& > svg': { fontSize: 20 },
        }}
      >
        {icon}
        {label}
      </Box>
      <Box component="dd" sx={{ gridColumn: 2, m: 0, lineHeight: 1.55, whiteSpace: 'pre-line' }}>
        {children}
      </Box>
    </Box>
  );
}

export function PickupPointDetails({
  point,
  toCollect = true,
  dense = false,
}: PickupPointDetailsProps) {
  if (dense) {
    return (
      <Box component="span" sx={{ display: 'grid', gap: 0.25 }}>
        <span>Retire em: {point.address}</span>
        {point.hours ? <span>Horário: {point.hours.replace(/\n/g, '; ')}</span> : null}
      </Box>
    );
  }
  return (
    <Box component="dl" sx={{ display: 'grid', gap: 1.25, m: 0, fontSize: '0.9375rem' }}>
      <Item icon={<PlaceOutlined aria-hidden />} label="Endereço">
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          {point.addressLines.map((line) => (
            <Box component="span" key={line} sx={{ display: 'block' }}>
              {line}
            </Box>
          ))}
        </Box>
      </Item>
      {point.hours ? (
        <Item icon={<AccessTimeRounded aria-hidden />} label="Horário de funcionamento">
          {point.hours}
        </Item>
      ) : null}
      {toCollect ? (
        <Item icon={<BadgeOutlined aria-hidden />} label="O que levar">
          <Typography component="span" sx={{ fontWeight: 600, fontSize: 'inherit' }}>
            {point.whatToBring}
          </Typography>
        </Item>
      ) : null}
      {toCollect && point.instructions ? (
        <Item icon={<InfoOutlined aria-hidden />} label="Como retirar">
          {point.instructions}
        </Item>
      ) : null}
    </Box>
  );
}
