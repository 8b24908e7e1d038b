export { CouponsScreen, type CouponsLocationState, type CouponsScreenProps } from './CouponsScreen';
export { CouponEditorScreen, type CouponEditorScreenProps } from './CouponEditorScreen';
export {
  COUPONS_FORBIDDEN,
  CouponStatusChip,
  CouponsView,
  type CouponsViewProps,
} from './CouponsView';
export {
  CouponEditorView,
  type CouponActionError,
  type CouponEditorViewProps,
} from './CouponEditorView';
export type { CouponBrand, CouponCategory, CouponNode } from './CouponsScreen.graphql';
