// The products page's header buttons: saved views, the catalog's history, CSV export and, for the
// staff who may edit, CSV import and a new product.
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import {
  SavedViewsMenu,
  type SavedViewOption as ProductsViewOption,
} from '../../../components/dashboard/SavedViewsMenu';
import { BUILT_IN_VIEWS } from './productsUrlState';

export interface ProductsHeaderActionsProps {
  savedViews: ProductsViewOption[];
  activeViewId: string | null;
  onApplyView(view: ProductsViewOption): void;
  onSaveView(name: string): Promise<string | null>;
  onDeleteView(view: ProductsViewOption): void;
  onOpenCatalogHistory(): void;
  onExport(): void;
  exporting: boolean;
  /** The list failed: history and export are off. */
  disabled: boolean;
  editable: boolean;
  importHref: string;
  newProductHref: string;
}

export function ProductsHeaderActions({
  savedViews,
  activeViewId,
  onApplyView,
  onSaveView,
  onDeleteView,
  onOpenCatalogHistory,
  onExport,
  exporting,
  disabled,
  editable,
  importHref,
  newProductHref,
}: ProductsHeaderActionsProps) {
  return (
    <>
      <SavedViewsMenu
        builtIn={BUILT_IN_VIEWS}
        saved={savedViews}
        activeId={activeViewId}
        onApply={onApplyView}
        onSave={onSaveView}
        onDelete={onDeleteView}
      />
      <Button
        variant="outlined"
        startIcon={<HistoryIcon />}
        onClick={onOpenCatalogHistory}
        disabled={disabled}
      >
        Histórico
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={onExport}
        loading={exporting}
        disabled={disabled}
      >
        Exportar CSV
      </Button>
      {editable ? (
        <>
          <Button
            variant="outlined"
            startIcon={<FileUploadOutlined />}
            component={RouterLink}
            to={importHref}
          >
            Importar CSV
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={newProductHref}
          >
            Novo produto
          </Button>
        </>
      ) : null}
    </>
  );
}
