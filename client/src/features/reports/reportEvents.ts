import type { EventHandlers } from '../../realtime/eventHandlers';
import { useMyReportStore } from '../myReport/myReportStore';
import { forgetDeletedReport, showSavedReport } from './reportViews';

export const reportEvents: EventHandlers<'reports.saved' | 'reports.deleted'> = {
  'reports.saved': (report) => {
    showSavedReport(report);
    useMyReportStore.getState().receive(report);
  },
  'reports.deleted': ({ id }) => {
    forgetDeletedReport(id);
    useMyReportStore.getState().receiveDeleted(id);
  },
};
