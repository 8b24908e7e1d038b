// The editor's "Cotação por transportadora" (a delivery method only): the carrier that quotes the
// method (or none: the store's table always), its service code, and whether this server has that
// carrier's API configured (shippingCarriers). The table below stays required: it prices the
// method whenever the carrier is slow, down or not configured. Pure: props in, changes out.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { CARRIER_LABELS, type ShippingFieldErrors, type ShippingForm } from './shippingForm';
import type { ShippingCarrier, ShippingCarrierInfo } from './ShippingScreen.graphql';

export const CARRIER_LIVE_NOTE =
  'Cotação ao vivo: o preço e o prazo vêm da transportadora; se ela demorar mais de 0,7 s ou falhar, vale a tabela abaixo.';

/** The warning for a carrier this server cannot ask yet. */
export function carrierNotConfiguredNote(label: string): string {
  return `${label} não está configurado neste servidor: a tabela abaixo é usada até um desenvolvedor configurar o acesso (veja docs/api/shipping-carriers.md).`;
}

const SERVICE_HINTS: Record<ShippingCarrier, string> = {
  MELHOR_ENVIO: 'O id do serviço no Melhor Envio: 1 (PAC), 2 (SEDEX) ou 3 (.Package).',
  CORREIOS: 'O código do serviço no contrato dos Correios: 03298 (PAC) ou 03220 (SEDEX).',
};

const CARRIERS: ShippingCarrier[] = ['MELHOR_ENVIO', 'CORREIOS'];

export interface ShippingCarrierSectionProps {
  form: Pick<ShippingForm, 'carrier' | 'carrierService'>;
  errors: ShippingFieldErrors;
  /** What this server is configured for; null while unknown (then nothing is said about it). */
  carriers: ShippingCarrierInfo[] | null;
  onChange: (change: Partial<Pick<ShippingForm, 'carrier' | 'carrierService'>>) => void;
}

export function ShippingCarrierSection({
  form,
  errors,
  carriers,
  onChange,
}: ShippingCarrierSectionProps) {
  const chosen = form.carrier === '' ? null : form.carrier;
  const info = chosen === null ? undefined : carriers?.find((item) => item.carrier === chosen);
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary">
        Com uma transportadora, o checkout mostra o preço e o prazo dela para esta forma de entrega
        (somados aos dias de preparo). As cotações valem 10 minutos por faixa de CEP e pacote, e só
        pacotes cujos produtos têm as medidas preenchidas são cotados; os demais usam a tabela de
        preços abaixo, que continua obrigatória.
      </Typography>
      <TextField
        select
        label="Transportadora"
        value={form.carrier}
        onChange={(event) => onChange({ carrier: event.target.value as ShippingCarrier | '' })}
        error={errors.carrier !== undefined}
        helperText={errors.carrier}
        sx={{ maxWidth: 360 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Nenhuma — só a tabela da loja</option>
        {CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier}>
            {CARRIER_LABELS[carrier]}
          </option>
        ))}
      </TextField>
      {info ? (
        <Alert severity={info.configured ? 'info' : 'warning'} role="status">
          {info.configured ? CARRIER_LIVE_NOTE : carrierNotConfiguredNote(info.label)}
        </Alert>
      ) : null}
      {chosen !== null ? (
        <TextField
          label="Código do serviço"
          value={form.carrierService}
          onChange={(event) => onChange({ carrierService: event.target.value })}
          error={errors.carrierService !== undefined}
          helperText={errors.carrierService ?? SERVICE_HINTS[chosen]}
          required
          autoComplete="off"
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
      ) : null}
    </Box>
  );
}
