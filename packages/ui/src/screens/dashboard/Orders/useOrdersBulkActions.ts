// The orders list's bulk actions with real data: shipping the selected orders (each order's
// answer kept across sends) and buying their labels (ADMIN and SUPPORT), whose codes then fill
// "Enviar selecionados".
import { useMutation } from '@apollo/client';
import { useState, type Dispatch, type SetStateAction } from 'react';

import { readServerError } from '../../shared/graphqlErrors';
import type { BulkShipDialogProps, BulkShipItem, BulkShipResult } from './BulkShipDialog';
import type { BuyLabelsDialogProps, LabelBatchView } from './BuyLabelsDialog';
import type { StaffRole } from './orderLabels';
import {
  ORDERS_BUY_LABELS_MUTATION,
  ORDERS_SHIP_MUTATION,
  type OrderRowNode,
} from './OrdersScreen.graphql';
import { usePdfOpener } from './usePdfOpener';

type ShipPrefill = NonNullable<BulkShipDialogProps['prefill']>;

export function useOrdersBulkShip({
  refetch,
  setSelectedRows,
}: {
  refetch(): Promise<unknown>;
  setSelectedRows: Dispatch<SetStateAction<OrderRowNode[]>>;
}) {
  const [shipOrders, shipping] = useMutation(ORDERS_SHIP_MUTATION);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkResults, setBulkResults] = useState<BulkShipResult[] | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [shipPrefill, setShipPrefill] = useState<ShipPrefill>({});

  async function handleBulkShip(items: BulkShipItem[]) {
    setBulkError(null);
    try {
      const result = await shipOrders({ variables: { items } });
      const answers = result.data?.ordersShip ?? [];
      setBulkResults((previous) => {
        const merged = new Map((previous ?? []).map((item) => [item.id, item]));
        for (const answer of answers) merged.set(answer.id, answer);
        return [...merged.values()];
      });
      setSelectedRows((previous) =>
        previous.map((row) => {
          const order = answers.find((answer) => answer.id === row.id)?.order;
          return order ? { ...row, ...order } : row;
        }),
      );
      await refetch();
    } catch (cause) {
      setBulkError(readServerError(cause as Error).message);
    }
  }

  function openBulkShip() {
    setBulkResults(null);
    setBulkError(null);
    setBulkOpen(true);
  }

  const dialog: Omit<BulkShipDialogProps, 'orders'> = {
    open: bulkOpen,
    prefill: shipPrefill,
    submitting: shipping.loading,
    results: bulkResults,
    error: bulkError,
    onSubmit: (items) => void handleBulkShip(items),
    onClose: () => {
      setBulkOpen(false);
      if (bulkResults?.some((result) => result.ok)) {
        const shipped = new Set(bulkResults.filter((r) => r.ok).map((r) => r.id));
        setSelectedRows((previous) => previous.filter((row) => !shipped.has(row.id)));
      }
    },
  };
  return { dialog, open: openBulkShip, setPrefill: setShipPrefill };
}

export function useOrdersBuyLabels({
  role,
  onBought,
  onShipBought,
}: {
  role: StaffRole | null;
  /** The bought labels' carriers and codes, by order id. */
  onBought(prefill: ShipPrefill): void;
  /** "Enviar" after buying: the ship dialog opens. */
  onShipBought(): void;
}): (Omit<BuyLabelsDialogProps, 'orders'> & { onOpen(): void }) | undefined {
  const [buyLabels, buying] = useMutation(ORDERS_BUY_LABELS_MUTATION);
  const pdf = usePdfOpener();
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [labelBatch, setLabelBatch] = useState<LabelBatchView | null>(null);
  const [labelsError, setLabelsError] = useState<string | null>(null);

  async function handleBuyLabels(ids: string[]) {
    setLabelsError(null);
    try {
      const result = await buyLabels({ variables: { ids } });
      const batch = result.data?.ordersBuyLabels ?? null;
      setLabelBatch(batch);
      onBought(
        Object.fromEntries(
          (batch?.results ?? []).flatMap((item) =>
            item.ok && item.label?.trackingCode
              ? [
                  [
                    item.orderId,
                    { carrier: item.label.carrierName, trackingCode: item.label.trackingCode },
                  ],
                ]
              : [],
          ),
        ),
      );
    } catch (cause) {
      setLabelsError(readServerError(cause as Error).message);
    }
  }

  if (role !== 'ADMIN' && role !== 'SUPPORT') return undefined;
  return {
    open: labelsOpen,
    onOpen: () => {
      setLabelBatch(null);
      setLabelsError(null);
      setLabelsOpen(true);
    },
    submitting: buying.loading,
    batch: labelBatch,
    error: labelsError,
    onSubmit: (ids) => void handleBuyLabels(ids),
    onOpenPdf: (path) => void pdf.open(path),
    openingPdf: pdf.opening,
    pdfError: pdf.error,
    onShipBought: () => {
      setLabelsOpen(false);
      onShipBought();
    },
    onClose: () => setLabelsOpen(false),
  };
}
