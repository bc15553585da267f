import { initialSaleDetails, type SaleDetails } from '@repo/types';

/** Maps the shared SaleDetails shape onto the sale-details component's columns (extras go to `extra`). */
export const toSaleDetailsRow = (details: SaleDetails) => {
  const {
    registrationDate,
    registrationNumber,
    registrationStatus,
    handoverDate,
    handoverStatus,
    paymentStatus,
    totalAmount,
    paidAmount,
    remainingAmount,
    notes,
    lastUpdated,
    ...extra
  } = details;
  return {
    registrationDate,
    registrationNumber,
    registrationStatus,
    handoverDate,
    handoverStatus,
    paymentStatus,
    totalAmount,
    paidAmount,
    remainingAmount,
    notes,
    lastUpdated,
    extra: Object.keys(extra).length > 0 ? extra : null,
  };
};

export const initialSaleDetailsRow = (price: number | null) => toSaleDetailsRow(initialSaleDetails(price));
