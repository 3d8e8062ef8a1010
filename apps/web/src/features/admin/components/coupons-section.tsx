/**
 * Admin → Deals, "Coupons": every code with its discount, scope, dates, use and status, and its actions (Edit,
 * Pause/Resume, Delete after a confirmation); "New coupon" opens the form.
 */
import { useState } from 'react';
import { Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Coupon } from '@beat/shared';
import { Button, IconButton } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import { useConfirmedAction } from '../hooks/use-confirmed-action';
import {
  couponDatesText,
  couponDatesTitle,
  couponDiscountText,
  couponRedemptionsText,
  couponScopeText,
  couponStatus,
  couponStatusLabels,
  couponToInput,
} from '../lib/coupon-draft';
import { formatMoney } from '../lib/format';
import { AdminTable, type AdminColumn } from './admin-table';
import { ConfirmDialog } from './confirm-dialog';
import { CouponFormModal } from './coupon-form-modal';
import './deals.css';

export function CouponsSection() {
  const coupons = useCoupons();
  const save = useSaveCoupon();
  // null: closed; 'new': a new coupon; a coupon: editing it.
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const deleting = useConfirmedAction(useDeleteCoupon(), (coupon: Coupon) => `${coupon.code} deleted`);

  async function setPaused(coupon: Coupon, paused: boolean) {
    try {
      await save.mutateAsync({ couponId: coupon._id, input: couponToInput(coupon, { paused }) });
      toast.success(`${coupon.code} ${paused ? 'paused' : 'resumed'}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const columns: AdminColumn<Coupon>[] = [
    { label: 'Code', cell: (coupon) => <span className="admin-table__primary deals-code">{coupon.code}</span> },
    { label: 'Discount', className: 'is-nowrap', cell: (coupon) => <span>{couponDiscountText(coupon)}</span> },
    { label: 'Scope', cell: (coupon) => <span>{couponScopeText(coupon)}</span> },
    { label: 'Dates', className: 'deals-dates', cell: (coupon) => <span title={couponDatesTitle(coupon)}>{couponDatesText(coupon)}</span> },
    { label: 'Redemptions', numeric: true, cell: (coupon) => <span>{couponRedemptionsText(coupon)}</span> },
    { label: 'Discounted', numeric: true, cell: (coupon) => <span>{formatMoney(coupon.discounted)}</span> },
    {
      label: 'Status',
      cell: (coupon) => {
        const status = couponStatus(coupon);
        return <span className={`admin-pill admin-pill--coupon-${status}`}>{couponStatusLabels[status]}</span>;
      },
    },
    {
      label: 'Actions',
      hideLabel: true,
      cell: (coupon) => (
        <div className="admin-table__actions">
          <IconButton size="sm" variant="secondary" icon={<Pencil />} label={`Edit ${coupon.code}`} onClick={() => setEditing(coupon)} />
          <IconButton
            size="sm"
            variant="secondary"
            icon={coupon.paused ? <Play /> : <Pause />}
            label={`${coupon.paused ? 'Resume' : 'Pause'} ${coupon.code}`}
            busy={save.isPending && save.variables?.couponId === coupon._id}
            onClick={() => void setPaused(coupon, !coupon.paused)}
          />
          <IconButton
            size="sm"
            variant="secondary"
            className="admin-danger-link"
            icon={<Trash2 />}
            label={`Delete ${coupon.code}`}
            onClick={() => deleting.ask(coupon)}
          />
        </div>
      ),
    },
  ];

  return (
    <AdminTable
      title="Coupons"
      count={coupons.data?.length}
      lead="Codes buyers type in the cart. A coupon applies to what remains to pay after the bulk deal."
      tools={
        <Button size="sm" icon={<Plus aria-hidden="true" />} onClick={() => setEditing('new')}>
          New coupon
        </Button>
      }
      query={coupons}
      errorLead="The coupons could not be loaded"
      className="admin-table--pinned-actions admin-table--coupons"
      columns={columns}
      rowKey={(coupon) => coupon._id}
      rows={coupons.data}
      loadingLabel="Loading the coupons"
      empty="No coupons yet. New coupon makes the first."
    >
      <CouponFormModal coupon={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog {...deleting.dialog} title="Delete coupon" confirmLabel="Delete coupon" busyLabel="Deleting..." danger>
        <p>
          Delete <strong>{deleting.row?.code}</strong>? The code stops working at once. Orders already paid with it keep their discount.
        </p>
      </ConfirmDialog>
    </AdminTable>
  );
}
