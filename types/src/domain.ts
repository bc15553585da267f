/**
 * The portal's vocabulary: the entities of spec §3 and the constants of spec §9.
 * Both the CMS and the web import from here, so a value changes in one place.
 */

import type { ImageVariant } from './rules/image-variants';

export const MARKETS = ['dubai', 'doha'] as const;
export type Market = (typeof MARKETS)[number];

export const AGENT_TYPES = ['dubai', 'doha', 'super'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const ROLES = ['admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const UNIT_STATUSES = ['available', 'sold', 'reserved', 'unavailable', 'occupied'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Agents never see unavailable or occupied units (spec §4, §6). */
export const AGENT_VISIBLE_STATUSES = ['available', 'sold', 'reserved'] as const satisfies readonly UnitStatus[];

export const DEFAULT_UNIT_STATUS: UnitStatus = 'available';

export const UNIT_TYPES = [
  'Studio',
  'Deluxe Studio',
  '1 Bedroom',
  'Executive 1 Bedroom',
  'Sanctuary 1 Bedroom',
  '2 Bedroom',
  '3 Bedroom',
  '4 Bedroom',
  'Penthouse',
  'Duplex',
  'Townhouse',
  'Villa',
  'Office',
  'Retail',
  'Other',
] as const;

export const REGISTRATION_STATUSES = ['pending', 'in-progress', 'delayed', 'completed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const HANDOVER_STATUSES = ['pending', 'scheduled', 'delayed', 'completed'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'partial', 'delayed', 'completed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CROP_MODES = ['aspect', 'free'] as const;
export type CropMode = (typeof CROP_MODES)[number];

/** Business constants and limits (spec §9). */
export const LIMITS = {
  verificationCodeLength: 6,
  resendWaitSeconds: 60,
  smsSendDelayMs: 1000,
  passwordMinLength: 8,
  maxImagesPerUnit: 10,
  imageManagerMaxBytes: 5 * 1024 * 1024,
  propertyImageMaxBytes: 5 * 1024 * 1024,
  unitFormImageMaxBytes: 10 * 1024 * 1024,
  cropJpegQuality: 0.95,
  cropMinSize: 20,
  cropNudge: { plain: 1, shift: 10, ctrl: 100 },
  batchMin: 1,
  batchMax: 50,
  batchPreviewCount: 5,
} as const;

export const TIMERS_MS = {
  toast: 3000,
  saleSaveBanner: 1500,
  cacheClearedBanner: 3000,
  agentDialogClose: 1500,
  emailSuccessClose: 2000,
  carousel: 5000,
  unlinkRefresh: 1000,
  lazyChunkTimeout: 120_000,
} as const;

export const CACHE_TTL_MS = {
  default: 300_000,
  unit: 300_000,
  project: 600_000,
} as const;

export const CROP_ASPECTS = { tower: 0.8, villa: 1, default: 16 / 9 } as const;

export interface CropData {
  x: number;
  y: number;
  width: number;
  height: number;
  unit: 'px' | '%';
}

export interface ImageMetadata {
  objectPosition?: string;
  cropMode?: CropMode;
  cropData?: CropData;
}

export type UnitStatusCounts = Record<UnitStatus, number>;

export interface Project {
  id: number;
  name: string;
  location: string | null;
  description: string | null;
  imageUrl: string | null;
  imageMetadata: ImageMetadata | null;
  /** The cover's WebP sizes for `srcset` (rules/image-variants), smallest first; empty for an image the server did not store. */
  imageVariants?: ImageVariant[];
  visibleTo: Market[];
  createdAt: string;
  updatedAt: string;
}

/** A dashboard card: the project with its counts computed by the database. */
export interface ProjectSummary extends Project {
  totalUnits: number;
  unitStatusCounts: UnitStatusCounts;
}

export interface UnitImage {
  /** 'img_' followed by a timestamp. */
  id: string;
  url: string;
  /** The WebP sizes for `srcset` (rules/image-variants), smallest first; the original stays at `url`. */
  variants?: ImageVariant[];
  name: string | null;
  featured: boolean;
  isSourceUnit: boolean;
}

export interface SaleDetails {
  registrationDate: string | null;
  registrationNumber: string | null;
  registrationStatus: RegistrationStatus;
  handoverDate: string | null;
  handoverStatus: HandoverStatus;
  paymentStatus: PaymentStatus;
  totalAmount: number | null;
  paidAmount: number | null;
  remainingAmount: number | null;
  notes: string | null;
  lastUpdated: string | null;
  [extra: string]: unknown;
}

export interface UserProfile {
  id: number;
  email: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  role: Role;
  agentType: AgentType | null;
  region: Market | null;
  /**
   * The projects an agent may see: null means none assigned, so the agent type's defaults apply
   * (spec §4); an empty list means no project at all (spec §6). Admins see everything regardless.
   */
  visibleProjects: number[] | null;
  twoFactorEnabled: boolean;
  twoFactorMethod: 'sms' | null;
  phoneVerified: boolean;
  phoneVerificationPending: boolean;
  lastLogin: string | null;
  lastTwoFactorVerification: string | null;
  updatedAt: string;
  /** Moves on with every profile write; an edit sends the revision it was read at (409 when stale). */
  revision: number;
}

export type ThemePreference = 'light' | 'dark' | 'system';

/** Local preference keys carry the product prefix (spec §3, local preferences). */
export const STORAGE_KEYS = {
  rememberMe: 'propertyPortal.rememberMe',
  rememberedEmail: 'propertyPortal.rememberedEmail',
  theme: 'propertyPortal.theme',
  dataCaching: 'propertyPortal.dataCaching',
} as const;
