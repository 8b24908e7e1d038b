// The product CSV import: send a file, read its preview (counts and the rows by outcome, with the
// reasons of the refused ones), apply it with a progress bar, or discard it; the recent imports,
// each reopening its page. Pure: props in, callbacks out.
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDateTime, pluralize } from '../../../format';
import { ListSkeleton, LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage } from '../shared/DashboardPage';
import {
  appliedPercent,
  importFileProblem,
  productImportTemplate,
  STATUS_COLORS,
  STATUS_LABELS,
  TEMPLATE_FILE_NAME,
} from './productImportFile';
import type { ProductImportDetail, ProductImportSummary } from './ProductsImportScreen.graphql';
import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';
import { Rows, type RowsProps } from './ProductsImportRows';

export const IMPORT_FORBIDDEN =
  'Somente administradores e gerentes de marca podem importar produtos.';

export const IMPORT_PARAM = 'importacao';

export { IMPORT_ROWS_PAGE_SIZE } from './ProductsImportRows';

/** With the rows' props (RowsProps: outcome, page, rowsRefreshing, rowsError, onRetryDetail). */
export interface ProductsImportViewProps extends Omit<RowsProps, 'detail'> {
  /** The caller is SUPPORT. */
  forbidden?: boolean;
  imports: ProductImportSummary[] | null;
  importsLoading?: boolean;
  importsError?: string | null;
  onRetryImports?: () => void;
  /** Sends the file; rejects with a message for people. */
  onUpload: (file: File) => Promise<void>;
  /** The import whose page is open (?importacao=). */
  importId: string | null;
  detail: ProductImportDetail | null;
  detailLoading?: boolean;
  detailError?: string | null;
  /** Reject with a message for people. */
  onApply: () => Promise<void>;
  onDiscard: () => Promise<void>;
}

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(productImportTemplate())}`;

function importLink(id: string | null) {
  return { search: id === null ? '' : `?${IMPORT_PARAM}=${encodeURIComponent(id)}` };
}

function Help() {
  return (
    <Box component="section" aria-labelledby="import-help-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="import-help-title" sx={{ mb: 1 }}>
        Como preparar o arquivo
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary', '& li': { mb: 0.5 } }}>
        <li>
          Uma linha por variação (SKU), com as colunas do modelo, na mesma ordem da exportação de
          produtos; a primeira linha são os nomes das colunas.
        </li>
        <li>
          CSV em UTF-8 (com ou sem BOM) ou Windows-1252 (o “CSV” do Excel), separado por ponto e
          vírgula ou vírgula.
        </li>
        <li>Preços como 129,90 ou 129.90; estoque, peso e medidas em números inteiros.</li>
        <li>Publicado e Destaque: sim ou não (vazio é não num produto novo).</li>
        <li>
          Um SKU que já existe atualiza a variação; um SKU novo cria a variação (e o produto, pelo
          identificador URL). Nada muda na loja antes de você aplicar a prévia.
        </li>
        <li>
          Numa atualização, célula vazia mantém o valor atual. Para apagar um campo opcional
          (descrição, títulos SEO, tamanho, cor, preço “de”, peso, medidas, GTIN, estoque mínimo),
          escreva <strong>[apagar]</strong> na célula. A prévia mostra o antes e o depois de cada
          campo que vai mudar.
        </li>
      </Box>
    </Box>
  );
}

function Upload({ onUpload }: { onUpload: (file: File) => Promise<void> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function read(file: File | undefined) {
    if (!file) return;
    const why = importFileProblem(file);
    setProblem(why);
    if (why) return;
    setPending(true);
    try {
      await onUpload(file);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Não foi possível ler o arquivo.');
    } finally {
      setPending(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <Card
      component="section"
      aria-label="Enviar planilha"
      onDragOver={(event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        setDragging(false);
        void read(event.dataTransfer.files[0]);
      }}
      sx={{
        p: { xs: 2, sm: 3 },
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.paper',
        textAlign: 'center',
      }}
    >
      <UploadFileOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="h2">
        Importar planilha de produtos
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Arraste o arquivo .csv até aqui, ou escolha no computador. Você confere a prévia antes de
        qualquer mudança na loja.
      </Typography>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".csv,.txt,text/csv"
        hidden
        aria-label="Arquivo CSV"
        onChange={(event) => void read(event.target.files?.[0])}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          loading={pending}
          onClick={() => inputRef.current?.click()}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        >
          Escolher arquivo
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          href={templateHref}
          download={TEMPLATE_FILE_NAME}
        >
          Baixar modelo
        </Button>
      </Box>
      {problem ? (
        <Alert
          severity="error"
          id={`${inputId}-problem`}
          role="alert"
          sx={{ mt: 2, textAlign: 'left' }}
        >
          {problem}
        </Alert>
      ) : null}
    </Card>
  );
}

function RecentImports(props: ProductsImportViewProps) {
  const { imports, importsLoading = false, importsError = null, onRetryImports } = props;
  return (
    <Box component="section" aria-labelledby="recent-imports" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="recent-imports" sx={{ mb: 1 }}>
        Importações recentes
      </Typography>
      {importsError !== null && imports === null ? (
        <LoadError
          message={importsError}
          {...(onRetryImports ? { onRetry: onRetryImports } : {})}
        />
      ) : imports === null || (importsLoading && imports.length === 0) ? (
        <ListSkeleton label="Carregando as importações" rows={3} />
      ) : imports.length === 0 ? (
        <Typography color="text.secondary">Nenhuma importação ainda.</Typography>
      ) : (
        <Card>
          <List disablePadding>
            {imports.map((item) => (
              <ListItem key={item.id} disablePadding divider>
                <ListItemButton component={RouterLink} to={importLink(item.id)}>
                  <ListItemText
                    primary={item.fileName}
                    secondary={`${formatDateTime(item.createdAt)}${item.staffName ? ` · ${item.staffName}` : ''} · ${pluralize(item.totalRows, 'linha', 'linhas')}`}
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  />
                  <Chip
                    size="small"
                    color={STATUS_COLORS[item.status]}
                    label={STATUS_LABELS[item.status]}
                    sx={{ ml: 1 }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </Box>
  );
}

function Counts({ detail }: { detail: ProductImportDetail }) {
  const items: [string, number, string][] = [
    ['A criar', detail.createCount, 'success.main'],
    ['A atualizar', detail.updateCount, 'info.main'],
    ['Sem mudança', detail.unchangedCount, 'text.secondary'],
    ['Recusadas', detail.refusedCount, 'error.main'],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: 1.5,
        m: 0,
        mb: 3,
      }}
    >
      {items.map(([label, count, color]) => (
        <Card key={label} sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0, color }}>
            {count.toLocaleString('pt-BR')}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

function Detail(props: ProductsImportViewProps) {
  const { detail, detailLoading = false, detailError = null, onRetryDetail } = props;
  const [confirm, setConfirm] = useState<'apply' | 'discard' | null>(null);

  if (detailError !== null && detail === null) {
    return (
      <LoadError message={detailError} {...(onRetryDetail ? { onRetry: onRetryDetail } : {})} />
    );
  }
  if (detail === null) {
    return detailLoading ? (
      <ListSkeleton label="Carregando a importação" />
    ) : (
      <Alert severity="warning">Importação não encontrada.</Alert>
    );
  }
  // The server applies the rows to create or update; the refused and unchanged ones are skipped.
  const applicable = detail.createCount + detail.updateCount;
  const percent =
    detail.status === 'APPLIED' ? 100 : appliedPercent(detail.appliedRows, applicable);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {detail.fileName}
        </Typography>
        <Chip color={STATUS_COLORS[detail.status]} label={STATUS_LABELS[detail.status]} />
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          {formatDateTime(detail.createdAt)}
          {detail.staffName ? ` · ${detail.staffName}` : ''} ·{' '}
          {pluralize(detail.totalRows, 'linha', 'linhas')}
        </Typography>
      </Box>
      {detail.status === 'PREVIEWING' ? (
        <Box role="status" sx={{ mb: 3 }}>
          <Typography sx={{ mb: 1 }}>
            Lendo o arquivo e comparando com o catálogo…
            {detail.totalRows > 0
              ? ` ${pluralize(detail.totalRows, 'linha lida', 'linhas lidas')} até agora.`
              : ''}
          </Typography>
          <LinearProgress aria-label="Lendo o arquivo" />
        </Box>
      ) : null}
      {detail.status === 'FAILED' ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          <AlertTitle>A importação falhou</AlertTitle>
          {detail.error ?? 'Não foi possível ler o arquivo.'} Nada desta planilha entrou no
          catálogo; corrija o arquivo e envie de novo.
        </Alert>
      ) : null}
      {detail.status === 'DISCARDED' ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Importação descartada: nada mudou no catálogo.
        </Alert>
      ) : null}
      {detail.status === 'APPLYING' || detail.status === 'APPLIED' ? (
        <Box sx={{ mb: 3 }}>
          {detail.status === 'APPLIED' ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              Importação aplicada:{' '}
              {pluralize(detail.createCount, 'variação criada', 'variações criadas')} e{' '}
              {pluralize(detail.updateCount, 'atualizada', 'atualizadas')}.
              {detail.refusedCount > 0
                ? ` ${pluralize(detail.refusedCount, 'linha recusada ficou', 'linhas recusadas ficaram')} de fora.`
                : ''}
            </Alert>
          ) : (
            <Typography sx={{ mb: 1 }}>
              Aplicando… você pode sair desta página: a importação continua e aparece em Importações
              recentes.
            </Typography>
          )}
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Progresso da importação"
            aria-valuetext={`${Math.min(detail.appliedRows, applicable).toLocaleString('pt-BR')} de ${pluralize(applicable, 'linha a aplicar', 'linhas a aplicar')}`}
            sx={{ height: 10, borderRadius: 5 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
            {Math.min(detail.appliedRows, applicable).toLocaleString('pt-BR')} de{' '}
            {pluralize(applicable, 'linha a aplicar', 'linhas a aplicar')} ({percent} %)
          </Typography>
        </Box>
      ) : null}
      {detail.status !== 'PREVIEWING' && detail.status !== 'FAILED' ? (
        <Counts detail={detail} />
      ) : null}
      {detail.status === 'READY' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <Button
            variant="contained"
            onClick={() => setConfirm('apply')}
            disabled={applicable === 0}
          >
            Aplicar importação
          </Button>
          <Button variant="outlined" color="error" onClick={() => setConfirm('discard')}>
            Descartar
          </Button>
          {applicable === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              Nada a aplicar: todas as linhas estão sem mudança ou recusadas.
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {detail.status !== 'PREVIEWING' && detail.status !== 'FAILED' ? (
        <Rows {...props} detail={detail} />
      ) : null}
      {confirm === 'apply' ? (
        <ConfirmDialog
          open
          title="Aplicar a importação?"
          text={`${pluralize(detail.createCount, 'variação será criada', 'variações serão criadas')} e ${pluralize(detail.updateCount, 'atualizada', 'atualizadas')} na loja.${detail.refusedCount > 0 ? ` ${pluralize(detail.refusedCount, 'linha recusada fica', 'linhas recusadas ficam')} de fora.` : ''}`}
          confirmLabel="Aplicar importação"
          onClose={() => setConfirm(null)}
          onConfirm={props.onApply}
        />
      ) : null}
      {confirm === 'discard' ? (
        <ConfirmDialog
          open
          title="Descartar a importação?"
          text="A prévia é descartada e nada muda no catálogo."
          confirmLabel="Descartar"
          danger
          onClose={() => setConfirm(null)}
          onConfirm={props.onDiscard}
        />
      ) : null}
    </>
  );
}

export function ProductsImportView(props: ProductsImportViewProps) {
  const { forbidden = false, importId } = props;
  return (
    <DashboardPage
      title="Importar produtos"
      maxWidth={1000}
      breadcrumbs={
        importId !== null
          ? [
              { label: 'Importar produtos', to: '?' },
              { label: props.detail?.fileName ?? 'Importação' },
            ]
          : undefined
      }
    >
      {forbidden ? (
        <NoPermission message={IMPORT_FORBIDDEN} />
      ) : importId !== null ? (
        <Detail {...props} />
      ) : (
        <>
          <Upload onUpload={props.onUpload} />
          <Help />
          <RecentImports {...props} />
        </>
      )}
    </DashboardPage>
  );
}
