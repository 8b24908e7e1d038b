// Lets a brand theme restyle the storefront's components like MUI's own:
// `components.VtPriceTag.styleOverrides.price`, `components.VtProductCard.defaultProps`.
import type {
  ComponentsOverrides,
  ComponentsProps,
  ComponentsVariants,
} from '@mui/material/styles';

import type { BreadcrumbsProps } from './Breadcrumbs';
import type { CartLineProps } from './CartLine';
import type { CheckoutStepsProps } from './CheckoutSteps';
import type { CouponFieldProps } from './CouponField';
import type { EmptyStateProps } from './EmptyState';
import type { FacetFiltersProps } from './FacetFilters';
import type { InstallmentLineProps } from './InstallmentLine';
import type { OrderLinesProps } from './OrderLines';
import type { OrderTimelineProps } from './OrderTimeline';
import type { PaginationProps } from './Pagination';
import type { PixPaymentProps } from './PixPayment';
import type { PixPriceProps } from './PixPrice';
import type { PriceTagProps } from './PriceTag';
import type { ProductCardProps } from './ProductCard';
import type { ProductGalleryProps } from './ProductGallery';
import type { QuantityStepperProps } from './QuantityStepper';
import type { SearchBoxProps } from './SearchBox';
import type { SearchFieldProps } from './SearchField';
import type { SearchSheetProps } from './SearchSheet';
import type { ShippingQuoteFormProps } from './ShippingQuoteForm';
import type { SortSelectProps } from './SortSelect';
import type { StockMessageProps } from './StockMessage';
import type { VariantPickerProps } from './VariantPicker';

declare module '@mui/material/styles' {
  interface ComponentsPropsList {
    VtBreadcrumbs: BreadcrumbsProps;
    VtCartLine: CartLineProps;
    VtCheckoutSteps: CheckoutStepsProps;
    VtCouponField: CouponFieldProps;
    VtEmptyState: EmptyStateProps;
    VtFacetFilters: FacetFiltersProps;
    VtInstallmentLine: InstallmentLineProps;
    VtOrderLines: OrderLinesProps;
    VtOrderTimeline: OrderTimelineProps;
    VtPagination: PaginationProps;
    VtPixPayment: PixPaymentProps;
    VtPixPrice: PixPriceProps;
    VtPriceTag: PriceTagProps;
    VtProductCard: ProductCardProps;
    VtProductGallery: ProductGalleryProps;
    VtQuantityStepper: QuantityStepperProps;
    VtSearchBox: SearchBoxProps;
    VtSearchField: SearchFieldProps;
    VtSearchSheet: SearchSheetProps;
    VtShippingQuoteForm: ShippingQuoteFormProps;
    VtSortSelect: SortSelectProps;
    VtStockMessage: StockMessageProps;
    VtVariantPicker: VariantPickerProps;
  }
  interface ComponentNameToClassKey {
    VtBreadcrumbs: 'root';
    VtCartLine:
      'root' | 'picture' | 'info' | 'top' | 'name' | 'meta' | 'bottom' | 'total' | 'problem';
    VtCheckoutSteps: 'root' | 'summary';
    VtCouponField: 'root' | 'row' | 'applied';
    VtEmptyState: 'root' | 'icon' | 'title' | 'description' | 'actions';
    VtFacetFilters: 'root' | 'group' | 'count' | 'categories' | 'price';
    VtInstallmentLine: 'root';
    VtOrderLines: 'root' | 'line' | 'picture' | 'text';
    VtOrderTimeline: 'root' | 'item';
    VtPagination: 'root' | 'summary';
    VtPixPayment:
      | 'root'
      | 'qr'
      | 'amount'
      | 'countdown'
      | 'code'
      | 'steps'
      | 'copy'
      | 'qrBlock'
      | 'qrHint'
      | 'payment';
    VtPixPrice: 'root' | 'amount' | 'note';
    VtPriceTag: 'root' | 'compareAt' | 'priceRow' | 'price' | 'startingAt' | 'discount';
    VtProductCard:
      'root' | 'picture' | 'badge' | 'body' | 'brand' | 'name' | 'prices' | 'outOfStock';
    VtProductGallery:
      | 'root'
      | 'stage'
      | 'nav'
      | 'counter'
      | 'zoomHint'
      | 'thumbs'
      | 'thumb'
      | 'placeholder'
      | 'zoomStage';
    VtQuantityStepper: 'root' | 'input';
    VtSearchBox: 'root' | 'option';
    VtSearchField: 'root' | 'input';
    VtSearchSheet: 'bar' | 'body' | 'sectionHead' | 'list' | 'option' | 'note';
    VtShippingQuoteForm: 'root' | 'title' | 'row' | 'options' | 'price';
    VtSortSelect: 'root';
    VtStockMessage: 'root';
    VtVariantPicker: 'root' | 'legend' | 'options' | 'chip' | 'swatch' | 'option' | 'error';
  }
  interface Components<Theme = unknown> {
    VtBreadcrumbs?: {
      defaultProps?: ComponentsProps['VtBreadcrumbs'];
      styleOverrides?: ComponentsOverrides<Theme>['VtBreadcrumbs'];
      variants?: ComponentsVariants<Theme>['VtBreadcrumbs'];
    };
    VtCartLine?: {
      defaultProps?: ComponentsProps['VtCartLine'];
      styleOverrides?: ComponentsOverrides<Theme>['VtCartLine'];
      variants?: ComponentsVariants<Theme>['VtCartLine'];
    };
    VtCheckoutSteps?: {
      defaultProps?: ComponentsProps['VtCheckoutSteps'];
      styleOverrides?: ComponentsOverrides<Theme>['VtCheckoutSteps'];
      variants?: ComponentsVariants<Theme>['VtCheckoutSteps'];
    };
    VtCouponField?: {
      defaultProps?: ComponentsProps['VtCouponField'];
      styleOverrides?: ComponentsOverrides<Theme>['VtCouponField'];
      variants?: ComponentsVariants<Theme>['VtCouponField'];
    };
    VtEmptyState?: {
      defaultProps?: ComponentsProps['VtEmptyState'];
      styleOverrides?: ComponentsOverrides<Theme>['VtEmptyState'];
      variants?: ComponentsVariants<Theme>['VtEmptyState'];
    };
    VtFacetFilters?: {
      defaultProps?: ComponentsProps['VtFacetFilters'];
      styleOverrides?: ComponentsOverrides<Theme>['VtFacetFilters'];
      variants?: ComponentsVariants<Theme>['VtFacetFilters'];
    };
    VtInstallmentLine?: {
      defaultProps?: ComponentsProps['VtInstallmentLine'];
      styleOverrides?: ComponentsOverrides<Theme>['VtInstallmentLine'];
      variants?: ComponentsVariants<Theme>['VtInstallmentLine'];
    };
    VtOrderLines?: {
      defaultProps?: ComponentsProps['VtOrderLines'];
      styleOverrides?: ComponentsOverrides<Theme>['VtOrderLines'];
      variants?: ComponentsVariants<Theme>['VtOrderLines'];
    };
    VtOrderTimeline?: {
      defaultProps?: ComponentsProps['VtOrderTimeline'];
      styleOverrides?: ComponentsOverrides<Theme>['VtOrderTimeline'];
      variants?: ComponentsVariants<Theme>['VtOrderTimeline'];
    };
    VtPagination?: {
      defaultProps?: ComponentsProps['VtPagination'];
      styleOverrides?: ComponentsOverrides<Theme>['VtPagination'];
      variants?: ComponentsVariants<Theme>['VtPagination'];
    };
    VtPixPayment?: {
      defaultProps?: ComponentsProps['VtPixPayment'];
      styleOverrides?: ComponentsOverrides<Theme>['VtPixPayment'];
      variants?: ComponentsVariants<Theme>['VtPixPayment'];
    };
    VtPixPrice?: {
      defaultProps?: ComponentsProps['VtPixPrice'];
      styleOverrides?: ComponentsOverrides<Theme>['VtPixPrice'];
      variants?: ComponentsVariants<Theme>['VtPixPrice'];
    };
    VtPriceTag?: {
      defaultProps?: ComponentsProps['VtPriceTag'];
      styleOverrides?: ComponentsOverrides<Theme>['VtPriceTag'];
      variants?: ComponentsVariants<Theme>['VtPriceTag'];
    };
    VtProductCard?: {
      defaultProps?: ComponentsProps['VtProductCard'];
      styleOverrides?: ComponentsOverrides<Theme>['VtProductCard'];
      variants?: ComponentsVariants<Theme>['VtProductCard'];
    };
    VtProductGallery?: {
      defaultProps?: ComponentsProps['VtProductGallery'];
      styleOverrides?: ComponentsOverrides<Theme>['VtProductGallery'];
      variants?: ComponentsVariants<Theme>['VtProductGallery'];
    };
    VtQuantityStepper?: {
      defaultProps?: ComponentsProps['VtQuantityStepper'];
      styleOverrides?: ComponentsOverrides<Theme>['VtQuantityStepper'];
      variants?: ComponentsVariants<Theme>['VtQuantityStepper'];
    };
    VtSearchBox?: {
      defaultProps?: ComponentsProps['VtSearchBox'];
      styleOverrides?: ComponentsOverrides<Theme>['VtSearchBox'];
      variants?: ComponentsVariants<Theme>['VtSearchBox'];
    };
    VtSearchField?: {
      defaultProps?: ComponentsProps['VtSearchField'];
      styleOverrides?: ComponentsOverrides<Theme>['VtSearchField'];
      variants?: ComponentsVariants<Theme>['VtSearchField'];
    };
    VtSearchSheet?: {
      defaultProps?: ComponentsProps['VtSearchSheet'];
      styleOverrides?: ComponentsOverrides<Theme>['VtSearchSheet'];
      variants?: ComponentsVariants<Theme>['VtSearchSheet'];
    };
    VtShippingQuoteForm?: {
      defaultProps?: ComponentsProps['VtShippingQuoteForm'];
      styleOverrides?: ComponentsOverrides<Theme>['VtShippingQuoteForm'];
      variants?: ComponentsVariants<Theme>['VtShippingQuoteForm'];
    };
    VtSortSelect?: {
      defaultProps?: ComponentsProps['VtSortSelect'];
      styleOverrides?: ComponentsOverrides<Theme>['VtSortSelect'];
      variants?: ComponentsVariants<Theme>['VtSortSelect'];
    };
    VtStockMessage?: {
      defaultProps?: ComponentsProps['VtStockMessage'];
      styleOverrides?: ComponentsOverrides<Theme>['VtStockMessage'];
      variants?: ComponentsVariants<Theme>['VtStockMessage'];
    };
    VtVariantPicker?: {
      defaultProps?: ComponentsProps['VtVariantPicker'];
      styleOverrides?: ComponentsOverrides<Theme>['VtVariantPicker'];
      variants?: ComponentsVariants<Theme>['VtVariantPicker'];
    };
  }
}
