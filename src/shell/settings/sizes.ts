import type { ComponentSize } from '../../shared/constants.ts';

/** antd tokens for each component size (spec 9); each step is really smaller than the one before. */
export const SIZE_TOKENS: Record<ComponentSize, { controlHeight: number; fontSize: number }> = {
  default: { controlHeight: 40, fontSize: 14 },
  medium: { controlHeight: 36, fontSize: 14 },
  small: { controlHeight: 32, fontSize: 13 },
  mini: { controlHeight: 26, fontSize: 12 },
};
