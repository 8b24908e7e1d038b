export * from './LeaveDialog';
export * from './useLeaveGuard';
