import type {
  bannerSchema,
  homeProductGroupSchema,
  imagePageSchema,
  popupSchema,
} from '@crossbuy/core/catalogue';
import type { z } from 'zod';

// Types only: the schemas themselves stay on the server, out of the pages' scripts.
export type Banner = z.infer<typeof bannerSchema>;
export type Popup = z.infer<typeof popupSchema>;
export type ImagePage = z.infer<typeof imagePageSchema>;
export type HomeProductGroup = z.infer<typeof homeProductGroupSchema>;
